#pragma once
// The case page (spec/site-and-cards.md §4): one executed case of a verified run as the app and the static
// site show it — header (should have vs happened), receives → does → delivers, the step-by-step replay with
// each step's edge table, and the human pause. Built on demand for one case from what the app has loaded
// (playground::Loaded: the run the all-or-nothing reader accepted, its plan, batch, world and report) and
// that case's trace file, read again through the reader's own per-trace checks (run/one_trace.hpp): a file
// missing, changed or broken since the run was verified gives issues and no page, never a crash.
//
// Every value comes from the trace, the batch case, the run's graph and manifest, the plan or the report;
// where they say nothing the field is absent (std::optional, empty list), never made up. Texts recorded in
// the run (clarification questions and replies, letters, notices, motives) are kept as recorded, with
// their language when the batch names it (`idioma_de_corrida`). Texts we write (what a step did, why a
// notice is inaccurate) are bilingual, written per language. Byte offsets are into UTF-8 strings.
//
// Ours where the spec is silent (documented at each field): the case verdict, the masking marker, which
// demo-A node asks the clarifications and which trace member each demo-A node leaves, the claims an AI
// notice is checked for.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/playground/compact.hpp"
#include "core/run/reader.hpp"

namespace planlang::views {

// The label every screen carries (site-and-cards.md §1), and the note added where human decisions appear.
extern const Bilingual kLabel;            // "Simulación · no operativo · datos sintéticos"
extern const Bilingual kSimulatedPeople;  // the human decisions shown were simulated

// A marked stretch of a text: bytes [inicio, fin) of the string in that language.
struct Span {
    std::size_t inicio = 0;
    std::size_t fin = 0;
    std::string tipo;  // the batch case's `adversario_detalle` ("inyeccion", "dato_sensible", "homonimo"), else "carga"
};

// A bilingual text with its marks per language.
struct MarkedText {
    Bilingual texto;
    std::vector<Span> marcas_es;
    std::vector<Span> marcas_en;
};

// ---------------------------------------------------------------------------------------------- header

// A report entry that lists the case as failing (the report's own notion of a failure, §14 "example cases").
struct Listing {
    std::string fuente;  // "criterio" (a condition criterion's casos_que_incumplen) | "riesgo" (not mal_formado, `casos`) | "evaluador" (`fallas`)
    std::string id;
};

// An unforeseen gap of the report about this case in this run (traces-and-verifier.md §12).
struct CaseGap {
    std::string categoria;  // evaluador | error_proveedor | reintento_de_esquema
    std::optional<std::string> evaluador;
    std::optional<std::string> nodo;
    std::optional<std::int64_t> paso;         // 1-based, as recorded
    std::optional<std::size_t> indice_paso;   // the step it points at (0-based), when that step exists
    std::optional<Bilingual> detalle;
};

struct CaseHeader {
    std::string caso_id;
    std::optional<std::string> tipo;
    std::optional<std::string> subtipo;
    std::optional<std::string> adversario_detalle;
    std::optional<std::string> resultado;        // the trace's: completo | error
    std::optional<std::string> error_proveedor;  // the trace's, when not null
    // Should have (the batch case's verdad_conocida and esperado).
    std::optional<std::string> debia_decision;
    std::optional<bool> debia_escalar;
    std::vector<std::string> motivos_escalamiento;
    std::optional<Bilingual> esperado;
    // Happened (the trace).
    std::optional<std::string> decision_final;  // senales.decision_final (absent when null)
    std::optional<bool> pausa_humana;           // senales.pausa_humana as recorded
    std::size_t pausas_registradas = 0;         // pausas_humanas records
    bool a_persona = false;                     // went to a person: a pause record, or pausa_humana true (playground.md §3.6)
    // Agreement (absent when the truth does not say).
    std::optional<bool> coincide_decision;      // decision_final == verdad_conocida.decision
    std::optional<bool> coincide_escalamiento;  // a_persona == verdad_conocida.debe_escalar
    std::optional<bool> coincide;               // both (the baseline's "correct", traces-and-verifier.md §10)
    std::vector<Listing> senalado_por;
    std::vector<CaseGap> brechas;
    // Ours: "correcto" (matches the truth, nothing lists it), "senalado" (matches, but a criterion, a risk
    // or an evaluator lists it), "incorrecto" (does not match the truth), "sin_verdad" (no truth to compare).
    std::string veredicto;
};

// ---------------------------------------------------------------------------------------------- receives

// A member field as the model saw it: the values the batch lists in `identificadores_sinteticos` masked.
struct MemberField {
    std::string campo;
    json::Value valor;  // null when masked
    bool enmascarado = false;
};

struct Adversary {
    std::optional<std::string> vector;  // texto_libre | orden_adjunta
    std::optional<Bilingual> carga;
    std::optional<Bilingual> intenta;
    bool marcada = false;  // the payload was found (and marked) in the note or the order's remarks
};

// One turn of a conversation (the adherence coach's trace key `conversacion`, plans/adherencia/dominio.md §6):
// what the person wrote, masked as the agent saw it, and the envelope the coach sent back.
struct ConversationTurn {
    std::int64_t turno = 0;
    std::string locale;
    std::string usuario;
    std::string tipo;   // respuesta | rechazo | escalamiento
    std::string texto;  // the reply, in the conversation's locale
    std::vector<std::string> citas;
    bool revisada = false;  // a reviewer checked this turn's draft
};

struct Receives {
    // entrada.texto_medico with the synthetic identifiers masked (ours: "[protegido]" / "[protected]", as
    // the simulated extractor's prompt masks them) and the adversary's payload marked where it appears.
    std::optional<MarkedText> nota;
    std::optional<std::string> tipo_atencion;         // entrada.orden_adjunta
    std::optional<std::string> codigo_procedimiento;  // entrada.orden_adjunta
    std::optional<Bilingual> servicio;                // the world's name for that code
    std::optional<MarkedText> observaciones;          // entrada.orden_adjunta.observaciones, masked and marked
    std::vector<MemberField> afiliado;                // entrada.afiliado, in its order
    std::optional<Adversary> adversario;
    std::vector<ConversationTurn> conversacion;  // empty for a single-request domain (demo A)
};

// ---------------------------------------------------------------------------------------------- does

struct ChainNode {
    std::string nodo;
    std::optional<std::string> tipo;  // the run graph's node type
    std::size_t indice_paso = 0;      // the step (0-based)
};

// ---------------------------------------------------------------------------------------------- delivers

// A claim an AI notice makes that the trace can check (ours): "revision_persona" (a person reviewed),
// "sin_persona" (no person reviewed), "negacion_completa_con_persona" (no complete denial without a person),
// "negacion_con_persona" (no denial, full or partial, without a person).
struct NoticeClaim {
    std::string donde;   // "salida_final" | "documento_adverso"
    std::string idioma;  // es | en
    std::string afirma;
    bool contradice = false;  // what happened says otherwise
    Bilingual por_que;        // ours, per language
};

struct AdverseSummary {
    std::optional<std::string> decision;
    std::optional<bool> completo;
    std::vector<std::string> idiomas;
    std::optional<std::string> causal;           // causal.id
    std::optional<std::string> regla_disparada;  // regla_disparada.id
    std::optional<Bilingual> decidido_por;
};

struct SignalRow {
    std::string senal;
    bool presente = false;  // the key is in `senales` (null counts as present, §11)
    json::Value valor;      // null when absent
};

struct Delivers {
    std::optional<Bilingual> respuesta;  // salida_final {es, en}
    std::optional<Bilingual> aviso_ia;   // salida_final.aviso_ia
    // site-and-cards.md §4: true when a notice (the reply's or the adverse document's) says something the
    // trace contradicts, e.g. that a person reviewed when none did; absent when the case has no notice.
    std::optional<bool> aviso_inexacto;
    std::vector<NoticeClaim> afirmaciones;  // the claims recognised, in both languages
    std::optional<json::Value> documento_adverso;  // as recorded (expert)
    std::optional<AdverseSummary> documento;
    std::optional<json::Value> guardia_salida;     // as recorded
    std::optional<double> severidad_accion;        // senales.severidad_accion
    std::vector<SignalRow> senales;                // the plan's senales_obligatorias_en_traza, plan order
    std::vector<std::string> senales_faltantes;    // those absent from the trace
};

// ---------------------------------------------------------------------------------------------- steps

// One evaluated edge (rule-language.md §7.5 record), with where it leads when met (the run's graph).
struct EdgeRow {
    std::string desde;
    std::int64_t orden = 0;
    std::string tipo;  // tripleta | funcion
    std::string senal;       // tripleta
    std::string funcion;     // funcion
    json::Value entradas;    // funcion: input → observed value
    json::Value valor_observado;
    std::string operador;
    bool inclusivo = false;
    json::Value valor_declarado;  // as the plan writes it ("umbral.U2" or a literal)
    json::Value umbral_aplicado;  // the value applied
    bool resultado = false;
    std::string rama_tomada;
    std::optional<std::string> si_verdadero;  // the graph edge's target, when the graph has that edge
};

// A recorded clarification (the trace's `aclaraciones` item), texts as recorded.
struct Clarification {
    std::optional<std::int64_t> ciclo;
    std::optional<std::string> pregunta;
    std::optional<std::string> respuesta;
    std::optional<std::string> idioma;  // the batch's idioma_de_corrida
    std::optional<std::size_t> indice_paso;  // the step that asked it (demo A: the k-th call of `aclaracion`)
};

struct StepView {
    std::size_t indice = 0;  // 0-based: the app's step address (deep links carry orden = indice + 1)
    std::int64_t orden = 0;  // the trace's (1-based)
    std::string nodo;
    std::optional<std::string> tipo_nodo;
    std::optional<std::int64_t> inicio_ms;
    std::optional<std::int64_t> duracion_ms;
    std::int64_t tokens_entrada = 0;
    std::int64_t tokens_salida = 0;
    double costo_nominal_usd = 0;
    std::int64_t reintentos_esquema = 0;
    std::optional<std::string> error_proveedor;
    std::vector<Bilingual> hizo;                 // what it did, sentences we write from the trace
    std::vector<Clarification> aclaraciones;     // the Q/A it asked
    std::optional<std::string> rama_tomada;      // from its edge records (a writer node's visit)
    std::optional<std::int64_t> arista_disparada;  // `orden` of the first met edge; absent: none met
    std::optional<std::string> siguiente;        // the next step's node
    std::vector<EdgeRow> aristas;                // expert: the edge table of this visit, by `orden`
    bool pausa = false;                          // a pause record is at this step
};

// ---------------------------------------------------------------------------------------------- pause

struct EvidenceItem {
    std::optional<std::string> clave;
    Bilingual texto;  // as recorded
};

struct PauseView {
    std::string nodo;
    std::int64_t paso = 0;
    std::optional<std::size_t> indice_paso;
    std::string rol;
    std::optional<EdgeRow> arista;     // why: the met edge of the visit that routed here (its first true record)
    std::optional<std::size_t> indice_paso_arista;  // that visit's step
    std::optional<Bilingual> motivo;   // payload.motivo as recorded
    std::optional<std::string> senal;  // payload.senal
    json::Value umbral_declarado;      // payload.umbral.declarado (null when absent)
    json::Value umbral_aplicado;       // payload.umbral.aplicado
    std::vector<EvidenceItem> evidencia;
    std::vector<EvidenceItem> contraevidencia;
    std::optional<std::string> decision;  // respuesta_simulada.decision
    std::optional<std::string> politica;  // respuesta_simulada.politica
    std::optional<Bilingual> politica_simulada;  // the run graph's pause: what the simulated reviewer follows
    std::optional<Bilingual> revisor_simulado;   // the manifest's
    json::Value payload;                         // expert: as recorded
};

// ---------------------------------------------------------------------------------------------- page

struct CasePage {
    bool ok = false;
    Issues problemas;  // why there is no page (then only the ids and sources below are set)
    std::string corrida_id;
    std::string caso_id;
    // Where every figure comes from (site-and-cards.md §1).
    std::string fuente_traza;   // the trace file as read
    std::string fuente_lote;    // the batch file (`casos.archivo`) and its id
    std::string lote_id;
    std::string fuente_informe;  // "informe.json" of the run folder, or "verificado ahora"
    std::optional<std::string> idioma_de_corrida;  // the batch's: the language recorded texts are in
    CaseHeader cabecera;
    Receives recibe;
    std::vector<ChainNode> hace;
    Delivers entrega;
    std::vector<StepView> pasos;
    // Every recorded clarification in the trace's order (each also under the step that asked it, when known:
    // then indice_paso is set).
    std::vector<Clarification> aclaraciones;
    std::vector<PauseView> pausas;
    std::optional<double> latencia_total_s;  // senales
    std::optional<double> tokens;            // senales
};

// The page of `caso_id`, reading its trace through `files` (the FileSource over the same run folder the
// run was loaded from). Issues: CORRIDA_NO_CARGADA (`loaded` is not ok), CASO_DESCONOCIDO (the run did not
// execute that case or declares no trace for it; ours), and the reader's motives for the trace file
// (ESQUEMA, HUELLA_NO_COINCIDE, REFERENCIA_ROTA, TRAZA_MALFORMADA, …; element = the file).
CasePage build_case_page(const playground::Loaded& loaded, const run::FileSource& files, std::string_view caso_id);

// The page from a trace already read and checked (run::read_one_trace's tree): what build_case_page does
// after reading. `archivo` names the file as a source. Any JSON is accepted without a crash; a shape the
// schema would refuse just leaves fields absent.
CasePage case_page_from_trace(const playground::Loaded& loaded, const json::Value& trace, const std::string& archivo);

// The page as one JSON object (keys as the fields above; `formato` "planlang-caso/v1", ours).
json::Value case_page_json(const CasePage& page);

// Markdown for people, in Spanish or English (our wording, per language), numbers per traces-and-verifier.md
// §15. `expert` adds the edge tables, the pause payload and the signals' values. Ends with "\n".
std::string case_page_markdown(const CasePage& page, bool english, bool expert);

}  // namespace planlang::views
