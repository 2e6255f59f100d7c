#pragma once
// The streaming measurement behind verify(): a run::TraceSink that keeps, per run, only what the report
// needs (id lists, per-case flags, metric values), never the traces. The stages (criteria, risks,
// assumptions, contract, gaps, verdict) read this state once the reader has accepted the input.
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/sha256.hpp"
#include "core/json/value.hpp"
#include "core/plan/model.hpp"
#include "core/rules/eval.hpp"
#include "core/run/reader.hpp"
#include "core/rules/edges.hpp"
#include "core/verify/internal/domain.hpp"

namespace planlang::verify::internal {

// A rule text parsed once: the tree, or why it cannot be read.
struct Text {
    std::optional<std::string> source;  // nullopt: the rule has no such text
    std::optional<rules::Node> ast;
    std::optional<Bilingual> error;
};
Text compile(const std::optional<std::string>& source);

struct Rule {
    Text poblacion;
    Text condicion;
    Text metrica;
    rules::Meter meter() const;  // malformed when a present text does not parse
};

// Per executed case, what the verdict's example cases and the baseline comparison need.
struct CaseRecord {
    std::string id;
    std::string tipo;
    std::string subtipo;
    bool pausa = false;          // senales.pausa_humana == true
    bool a_persona = false;      // the domain's hand-off signal is true (Domain::senal_de_persona; example cases)
    bool debe_escalar = false;   // verdad_conocida.debe_escalar == true
    bool correcta = false;       // decision_final == verdad_conocida.decision
    bool correcta_base = false;  // correct in the baseline's sense (the domain's formula, Domain::exactitud_base)
    std::optional<double> severidad;  // severidad_accion (signal, else guardia_salida)
    bool error_proveedor = false;     // a provider error in the trace or a step
    std::optional<double> latencia;   // senales.latencia_total_s when a number
    bool respuesta_inutil = false;    // §10 baseline "unusable reply"
    bool es_error = false;            // resultado == error
};

// First step with a provider error / a schema retry of a case (§12).
struct StepMark {
    std::string caso_id;
    std::string nodo;
    std::int64_t paso = 0;
    std::int64_t reintentos = 0;  // the case's total schema retries
};

struct Finding {
    std::string codigo;
    bool bloqueante = true;
    std::string corrida_id;
    std::optional<std::string> caso_id;
    Bilingual detalle;
};

// Budget of a run (§10 baseline).
struct Budget {
    std::int64_t llamadas = 0;
    std::int64_t tokens = 0;
    double costo = 0;
};

struct Rf092 {
    std::string corrida_id;
    std::string variante;
    std::int64_t visitas = 0;
    std::int64_t discrepancias = 0;
    bool sin_registro = false;  // a DECISION_SIN_REGISTRO: not recomputed
    bool error = false;         // a visit could not be recomputed (edge error)
    std::vector<std::pair<std::string, std::string>> filas;  // (caso_id, canonical visit) in trace order
    // When the manifest lists the run's traces in strictly increasing case id order (ours always do), trace
    // order is already the recomputed object's order: the visits are hashed as they come instead of kept in
    // `filas`, so memory does not grow with the visits. Finished by Measurer::finish into huella_recomputada.
    std::unique_ptr<json::Sha256Stream> flujo;
    bool flujo_vacio = true;  // no visit hashed yet
    std::string huella_recomputada;
    std::string huella_archivo;
    bool coincide = false;
};

struct RunState {
    const run::RunHeader* header = nullptr;
    std::vector<rules::Meter> criterios;     // plan order (main run and repetitions)
    std::vector<rules::Meter> riesgos;       // plan order; session-scope risks measured in run()
    std::vector<rules::Meter> evaluadores;   // plan order of evaluadores_requeridos (built-in only)
    std::vector<rules::Meter> supuestos;     // plan order (main run)
    std::vector<CaseRecord> casos;           // run order
    // Domain::emparejamiento: the reference rendering's signals by scenario, read before the run's traces.
    std::map<std::string, json::Value> pares;
    std::vector<StepMark> errores_proveedor;
    std::vector<StepMark> reintentos;
    // per evaluator, per false case: the last visit (paso) of its blamed node, by case id
    std::vector<std::map<std::string, std::optional<std::int64_t>>> ultima_visita;
    // calibration samples per assumption (empty for other families): each judged case's id, its confidence,
    // and whether it was judged true (a case is judged once per run: its trace is declared once, §7)
    struct Confidence {
        std::string caso_id;
        double confianza = 0;
        bool correcta = false;
    };
    std::vector<std::vector<Confidence>> confianzas;
    Budget presupuesto;
    Rf092 rf;
    rules::EdgeGraph grafo_rf;                 // the run graph's edges and defaults (RF-09.2), built once per run
    std::vector<const json::Value*> conjunto_rf;  // RF-09.2 recomputes with the run's applied thresholds only
    // The playground's threshold sets (main run), the same for every trace: the applied thresholds, then one
    // copy per boolean threshold with it flipped; and the signals bound to the boolean thresholds.
    struct Juego {
        std::vector<std::pair<std::string, std::string>> vinculos;  // signal → threshold id
        std::vector<json::Value> volteados;                         // the flipped copies
        std::vector<std::size_t> volteado;                          // per copy: the threshold it flips (plan order)
        std::vector<const json::Value*> conjuntos;                  // &applied, then the copies
    } juego;
    std::vector<Finding> hallazgos;         // per-trace contract findings (main run) and RF-09.2 findings
    // Main run, by position in the plan's lists: visits of each expected node (counted at the first one with
    // its id), traces holding each required signal (counted at every position the name has).
    std::vector<std::int64_t> visitas_por_nodo;  // by contrato_de_grafo.nodos_esperados
    std::vector<std::int64_t> senal_presente;    // by contrato_de_grafo.senales_obligatorias_en_traza
    std::int64_t trazas = 0;
    std::int64_t casos_con_pausa = 0;       // pausa_humana true
    std::int64_t pausas_registradas = 0;    // records of the first plan pause node
    // playground (main run): per threshold, what the report says of its signal's final values (§14): the
    // numbers (their median, min and max), how many were numbers or booleans, how many true, and the cases
    // whose number equals the applied threshold — not the values themselves, a fraction of the memory.
    struct SenalDeUmbral {
        std::vector<double> numeros;         // run order
        std::int64_t n = 0;                  // numbers and booleans
        std::int64_t verdaderos = 0;         // booleans that are true
        std::vector<std::string> en_umbral;  // run order
    };
    std::vector<SenalDeUmbral> senales_de_umbral;
    std::vector<std::int64_t> volteos;       // per threshold: visits that flip when a boolean is toggled
    std::int64_t visitas_escritoras = 0;
    std::vector<bool> funciones_con_entradas;  // per function edge of the plan: every trace holds its inputs
};

// One trace measured by itself (Measurer::measure, on any thread): what Measurer::apply adds to its run, in
// manifest order. What depends on the traces before it (a meter turned malformed, RF-09.2 given up at an
// unrecorded decision, the running sums) is left to apply, so the result is the one of a single pass.
struct TraceDelta {
    struct StepCost {
        std::int64_t tokens = 0;
        double costo = 0;  // added step by step in apply: the same sum, in the same order
        std::int64_t llamadas = 0;
    };
    std::string caso_id;
    // Per meter of the run (none for the meters its role does not measure).
    std::vector<rules::ItemOutcome> criterios, riesgos, evaluadores, supuestos;
    std::vector<std::optional<std::int64_t>> ultima_visita;  // per evaluator: the last visit of its blamed node
    std::optional<double> confianza;                         // senales.senal_confianza, when a number
    CaseRecord caso;
    std::vector<StepCost> pasos;
    std::optional<StepMark> primer_error, primer_reintento;
    // The graph contract (main run).
    std::vector<Finding> hallazgos;
    std::vector<std::uint32_t> senales_presentes;  // positions of the required signals the trace holds
    std::vector<std::uint32_t> nodos;              // per step of an expected node: that node's first position
    bool con_pausa = false;                      // counted for the plan's first pause node
    std::int64_t pausas_registradas = 0;
    // RF-09.2.
    bool rf_medido = false;        // the trace has pasos and decisiones_de_arista
    bool rf_sin_registro = false;  // a DECISION_SIN_REGISTRO: RF-09.2 is given up for the run
    std::vector<Finding> hallazgos_rf;
    std::int64_t rf_visitas = 0, rf_discrepancias = 0;
    bool rf_error = false;
    std::vector<std::string> rf_filas;  // the recomputed visits, canonical, in order
    // The playground (main run).
    struct ValorDeUmbral {  // per threshold: its signal's value, as RunState::SenalDeUmbral counts it
        enum class Tipo : std::uint8_t { otro, numero, booleano } tipo = Tipo::otro;  // otro: absent or neither
        double numero = 0;
        bool verdadero = false;
        bool en_umbral = false;  // a number equal to the applied threshold
    };
    std::vector<ValorDeUmbral> senales_de_umbral;
    std::vector<std::int64_t> volteos;
    std::int64_t visitas_escritoras = 0;
    std::vector<bool> funciones_con_entradas;

    // Back to a new delta's state, the containers keeping their capacity (a delta is filled again for a later
    // trace: PooledDelta).
    void reset();
};

// What Measurer::measure hands the reader: a delta that, once the reader drops it, goes back to a pool of
// the thread that drops it, to be filled again by that thread's next measure() — its containers keep their
// capacity, so a trace's measure allocates almost nothing. The reader drops a measure on the thread that
// prepares the next trace in its slot, where the next measure() is made: the pools stay balanced (each is
// bounded anyway).
struct PooledDelta final : run::TraceMeasure {
    std::unique_ptr<TraceDelta> delta;  // never null
    PooledDelta();  // a delta from this thread's pool, reset, or a new one
    ~PooledDelta() override;
};

class Measurer final : public run::TraceSink {
public:
    void begin(const run::Inputs& inputs) override;
    void run(const run::RunHeader& header) override;
    void trace(const run::RunHeader& header, const run::Trace& trace) override;  // apply(measure(trace))
    std::unique_ptr<run::TraceMeasure> measure(const run::RunHeader& header, const run::Trace& trace) const override;
    // The members of a batch case that measure() reads (bind() and the case record): the batch keeps only
    // these (run::Request::batch_case_members).
    static const std::vector<std::string>& case_members();
    void apply(const run::RunHeader& header, run::TraceMeasure& measured) override;
    // Once the reader accepted the input, before the stages: closes what was computed while streaming.
    void finish();

    const run::Inputs* inputs = nullptr;
    const plan::Plan* plan = nullptr;
    std::vector<Rule> criterios;
    std::vector<Rule> riesgos;
    std::vector<Rule> supuestos;
    std::vector<std::optional<Rule>> evaluadores;  // nullopt: not a built-in rule evaluator
    const DomainFacts* dominio = nullptr;               // the plan's (domain_of)
    std::optional<Rule> exactitud_base;            // Domain::exactitud_base compiled, when the domain has one
    std::deque<RunState> runs;                     // main, repetitions, baseline (as read)
    rules::EdgeGraph plan_graph;
    std::function<void(const std::string&, std::size_t, std::size_t)> progress;
    run::FileSource files;  // the caller's: where run() reads the reference rendering's traces (Domain::emparejamiento)
    run::ParallelFor parallel;  // the request's: independent work of the stages may use it (same results)

private:
    void read_pairs(RunState& s) const;
    const json::Value* pair_of(const RunState& s, const json::Value* caso) const;
    RunState& state_of(const run::RunHeader& header);
    const RunState& state_of(const run::RunHeader& header) const;
    // `visits`: the trace's edge records (run::Trace::records) grouped once (rules::group_visits_into) for the
    // three of them. The tree's pasos and decisiones_de_arista are never read (run::Trace).
    void measure_contract(const RunState& s, const run::Trace& read, const rules::RecordedVisits& visits, TraceDelta& d) const;
    void measure_rf092(const RunState& s, const run::Trace& read, const rules::RecordedVisits& visits, bool is_error, TraceDelta& d) const;
    void measure_playground(const RunState& s, const json::Value& trace, const rules::RecordedVisits& visits, TraceDelta& d) const;
    void apply_contract(RunState& s, TraceDelta& d);
    void apply_rf092(RunState& s, TraceDelta& d);
    void apply_playground(RunState& s, TraceDelta& d);
};

// Helpers shared by the stages.
json::Value ids(const std::vector<std::string>& v);
json::Value bil(const Bilingual& b);
json::Value no_evaluables(const std::vector<rules::NotEvaluable>& v);
const json::Value& member(const json::Value& object, std::string_view key);  // null when absent
const json::Value& null_value();

}  // namespace planlang::verify::internal
