#pragma once
// The playground's compact (spec/playground.md §7, ours in form): the only run data the counterfactual
// replay needs, built from a run the all-or-nothing reader has just accepted (never from an unverified one),
// its plan, its batch, its report and the demo's options (§2). Per case it keeps the visits of the nodes the
// thresholds move, with their rebuilt signals, and every criterion and case-scope risk detector evaluated
// once on the recorded path and once per (playable visit, outcome) on the new path (§6's precomputed form):
// a slider move then decides a few edges per case and re-aggregates, it never reads a trace again.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/rules/edges.hpp"
#include "core/playground/truth_at_setting.hpp"
#include "core/run/reader.hpp"

namespace planlang::playground {

// §2: what neither the plan nor the trace format says, declared per demo in a small manifest next to the
// plan (`<plan folder>/playground.json`, format `planlang-playground-demo/v1`, ours).
struct DemoOptions {
    std::string senal_propuesta;  // demo A: "propuesta"
    std::string valor_favorable;  // demo A: "aprobar"
    struct Parcial {
        std::string valor;                    // "aprobar_parcial"
        std::string senal_que_exige_persona;  // "modo_texas"
    };
    std::optional<Parcial> parcial;
    std::vector<std::string> claves_previas;        // keys known when deciding besides the edge signals
    std::vector<std::string> claves_del_desenlace;  // demo keys written after deciding
    // Ours (optional): the decision value that hands the case to a person outside the graph (the adherence
    // coach's `traspaso` at U3); our decision check counts it apart, neither right nor wrong against the truth.
    std::optional<std::string> decision_de_traspaso;
};
// Reads a demo manifest; every problem as an issue (code PLAYGROUND_DEMO_INVALIDO, element the JSON path).
Issues read_demo_options(std::string_view bytes, DemoOptions& out);

// §3.4, §3.6: where a branch leads.
enum class Outcome : std::uint8_t { persona, solo, no_observado };
std::string_view outcome_name(Outcome outcome);

// §6: a case's result for one rule.
enum class Result : std::uint8_t { v, f, fuera, nulo, ne };
std::string_view result_name(Result result);

struct Threshold {
    std::string id;
    std::string senal;
    json::Value valor_en_plan;  // number or bool
    bool booleano = false;      // rango_jugable {tipo: booleano}
    double min = 0, max = 0, paso = 0;
    std::optional<double> costo_humano_por_caso_min;
};

// A criterion or a case-scope risk detector re-measured per case (§6); session-scope risks and risks with no
// detector are carried from the report.
struct Measure {
    enum class Kind : std::uint8_t { criterio, riesgo };
    Kind kind = Kind::criterio;
    std::string id;
    // criterion
    std::string agregacion;  // todos_cumplen | tasa | pass^k | mediana | promedio | maximo
    std::string tipo;        // absoluto | tasa | latencia | costo
    json::Value objetivo;
    bool con_metrica = false;
    std::size_t metrica = 0;  // index among the row's metric values (when con_metrica)
    // risk
    std::string tipo_detector;  // conteo | tasa
    std::string ocurre_si;
    int severidad = 0;
    std::size_t riesgo = 0;  // index in the plan's riesgos
    // the report's
    std::string estado_informe;
    json::Value valor_informe;
    // The rule reads `par_de_referencia` (rules::CaseBindings, ours): it pairs a case with another one, so a
    // move cannot re-measure it case by case. The report's state stands while no case moves; once one does,
    // it is `indeterminado`.
    bool empareja = false;
};

// A recorded visit of a writer node (§3.1). Signals are kept for playable visits only.
struct Visit {
    std::int64_t paso = 0;
    std::uint32_t desde = 0;  // index in Compact::nombres
    std::uint32_t rama = 0;   // the recorded branch, index in Compact::nombres (kNone: none recorded)
    std::uint32_t senales_begin = 0, senales_end = 0;  // into Compact::senales
    bool jugable = false;
    // Each edge's result at plan values (bit i: the node's i-th edge by `orden`), when Compact::plan_reproducido:
    // a move re-judges only the edges that read a moved threshold and takes the others from here.
    std::uint64_t bits_plan = 0;
};
inline constexpr std::uint32_t kNone = 0xFFFFFFFFu;

struct Signal {
    std::uint32_t nombre = 0;  // index in Compact::nombres
    json::Value valor;
};

// One (visit, outcome) path of a case (§6: keyed "i:outcome", i = the visit's number in the case, from 1).
struct Path {
    std::uint32_t visita = 0;  // index in the case's visits, from 0
    Outcome desenlace = Outcome::no_observado;
    std::uint32_t fila = 0;    // row in Compact::filas
};

struct Case {
    std::string id;
    std::string tipo;
    std::string subtipo;
    bool debe_escalar = false;       // verdad_conocida.debe_escalar == true (frozen truth, §4)
    json::Value decision_verdad;     // verdad_conocida.decision
    json::Value decision_registrada;  // the trace's senales.decision_final
    // Its truth as the domain's rule reads it (truth per setting, §10.2; truth_at_setting.hpp); null when the
    // domain has no rule or the case's truth lacks what it reads.
    std::shared_ptr<const CaseTruth> verdad_por_ajuste;
    // The domain's truth reads no threshold (the adherence coach: plans/adherencia/dominio.md §3), so the
    // truth at every setting is the frozen one.
    bool verdad_sin_umbrales = false;
    Outcome registrado = Outcome::solo;  // persona when the trace has a pause record (§3.6)
    // Went to a person in the domain's sense (verify::person_signal): demo A, a pause record (= registrado);
    // the adherence coach, `escalado` true. The case list reads it; the replay keeps `registrado`.
    bool a_persona = false;
    bool error_proveedor = false;    // a provider error in the trace or a step (verdict step 2)
    std::uint32_t visitas_begin = 0, visitas_end = 0;  // into Compact::visitas, in visit order
    std::uint32_t fila_registrada = 0;                 // row of the recorded path
    std::uint32_t caminos_begin = 0, caminos_end = 0;  // into Compact::caminos
};

// Every criterion and case-scope risk result of one path of one case (§6's Evaluacion list): `r` per measure,
// and the metric values of the measures with a metric.
struct Rows {
    std::size_t medidas = 0;   // results per row
    std::size_t metricas = 0;  // metric values per row
    std::vector<Result> r;
    std::vector<double> m;
    std::vector<std::uint8_t> con_m;  // whether m holds a number
    std::uint32_t add();              // a new row, every result `fuera`, no metric
    Result& result(std::uint32_t row, std::size_t measure) { return r[row * medidas + measure]; }
    Result result(std::uint32_t row, std::size_t measure) const { return r[row * medidas + measure]; }
    std::optional<double> metric(std::uint32_t row, std::size_t k) const {
        return con_m[row * metricas + k] ? std::optional<double>(m[row * metricas + k]) : std::nullopt;
    }
    void set_metric(std::uint32_t row, std::size_t k, std::optional<double> value);
};

// A measure's per-case results added up on one set of paths (internal::tally): the population, the true
// cases, the cases listed as failing (criteria: by their aggregation; risks: where it occurred) and as not
// evaluable, in run order, and the metric's aggregate.
struct MeasureTally {
    std::int64_t n_poblacion = 0, verdaderos = 0;
    std::vector<std::uint32_t> incumplen, no_evaluables;
    std::optional<double> agregado;
};

struct Compact {
    std::string corrida_id;
    std::string plan_id;
    std::string plan_huella;
    std::string dominio_id;  // the plan's (what the domain's signals are: verify::person_signal)
    std::vector<Threshold> umbrales;  // plan order
    json::Value umbrales_del_plan;    // {id: valor_en_plan} (the rules read these as `umbral`, §6)
    rules::EdgeGraph grafo;           // the run graph's conditional edges and default branches
    std::vector<std::pair<std::string, std::string>> ligaduras;  // signal → threshold id (§3.2)
    std::vector<std::string> nodos_jugables;                     // §3.3
    std::vector<std::pair<std::string, Outcome>> desenlace_de_rama;  // target node → outcome (§3.4)
    std::optional<double> minutos_por_persona;                   // §1
    DemoOptions opciones;

    std::vector<std::string> nombres;  // node and signal names the visits point at
    std::uint32_t name(std::string_view text);  // its index, added when new
    // Per node index: the node's edges by `orden` and its default branch, for playable nodes (empty otherwise).
    struct NodeRoute {
        bool jugable = false;
        std::vector<const rules::Edge*> aristas;
        const std::string* por_defecto = nullptr;
        // Per edge, the thresholds whose played value it reads (bit t: Compact::umbrales[t]; through `umbral.X`
        // or a bound signal); `mascara` is their union. All ones when there are too many to tell.
        std::vector<std::uint32_t> dependencias;
        std::uint32_t mascara = 0;
    };
    std::vector<NodeRoute> rutas;                 // by index in `nombres`
    std::vector<Outcome> desenlace_por_nombre;    // §3.4 by index in `nombres` (no_observado: not a branch target)

    std::vector<Case> casos;  // run order (the manifest's casos_ejecutados)
    std::vector<Visit> visitas;
    std::vector<Signal> senales;
    std::vector<Path> caminos;
    std::vector<Measure> medidas;  // criteria (plan order), then case-scope risks (plan order)
    Rows filas;
    // The final trace value of each threshold's signal (§7 senales_de_umbral), case-major.
    std::vector<json::Value> senales_de_umbral;

    json::Value informe;  // the report the replay is checked against (§8)
    // The report's verdict messages of §13 steps 4–7 (repetitions, assumptions, contract, gaps), carried to
    // every setting; set by load() (llevado_ok false: the report's verdict does not start with what its own
    // criteria and risks give, and the self-check fails).
    json::Array llevado_bloqueantes, llevado_alertas;
    bool llevado_ok = false;
    // Per measure, the tally on the recorded paths (load()): a move adds up only the cases that diverge.
    std::vector<MeasureTally> registradas;
    std::vector<std::uint32_t> con_error_proveedor;  // cases with a provider error (verdict step 2), run order
    // Set by load() once the replay at plan values reproduced every recorded branch with no edge error and
    // each playable visit's `bits_plan` is filled: a move may then leave alone the visits that read no moved
    // threshold (their branch is the recorded one) — the same results, less work.
    bool plan_reproducido = false;
    // §8 self-check, run by load().
    bool autocomprobacion_ok = false;
    std::optional<Bilingual> autocomprobacion_motivo;
    std::string informe_origen;  // "informe.json" of the run folder, or "verificado ahora" when it had none

    const json::Value& senal_de_umbral(std::size_t caso, std::size_t umbral) const {
        return senales_de_umbral[caso * umbrales.size() + umbral];
    }
};

// Where a run's compact comes from. The report is the run folder's informe.json when it has one (the report
// readers see; the self-check compares against it), else the verifier's report of the main run, made now.
struct LoadRequest {
    run::Request lectura;  // the main run, --root and plan options, as `verify` takes them
    // The demo manifest's bytes (§2); nullopt: looked for as `<folder of the plan file>/playground.json`.
    std::optional<std::string> opciones;
};

struct Loaded {
    bool ok = false;
    std::vector<run::Motive> motivos;  // the reader's, when it rejected the run
    Issues problemas;                  // why no compact could be built (demo manifest, unclassified key, …)
    std::shared_ptr<const Compact> compacto;
    std::shared_ptr<const run::Inputs> entradas;  // plan, batch, world as read (the simulated continuation)
    std::shared_ptr<const run::RunHeader> corrida;
};

Loaded load(const LoadRequest& request, const run::FileSource& files);

}  // namespace planlang::playground
