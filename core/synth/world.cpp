// The synthetic benefit plan (spec/synthetic-and-simulation.md §9). Names, categories, remaining costs
// and every text are ours; the structure (codes, states, grounds, caps, homonym pair) is the spec's.
//
// [SECTION] Content: diagnoses, procedures, grounds, rules
// [SECTION] make_benefit_plan
// [SECTION] BenefitPlan lookups (read_benefit_plan, the strict reading, is in world_read.cpp)
// [SECTION] check_world_fits
#include "core/synth/world.hpp"

#include <algorithm>
#include <map>

#include "core/json/canonical.hpp"
#include "core/json/fingerprint.hpp"

namespace planlang::synth {

// [SECTION] Content: diagnoses, procedures, grounds, rules
namespace {

struct DiagnosisRow {
    const char* es;
    const char* en;
};

// SYN-D-01 … SYN-D-39, in this order.
const DiagnosisRow kDiagnoses[] = {
    {"Lesión de menisco", "Meniscal tear"},
    {"Rotura del ligamento cruzado anterior", "Anterior cruciate ligament tear"},
    {"Masa abdominal en estudio", "Abdominal mass under study"},
    {"Insuficiencia venosa crónica", "Chronic venous insufficiency"},
    {"Sospecha de trombosis venosa profunda", "Suspected deep vein thrombosis"},
    {"Neumonía adquirida en la comunidad", "Community-acquired pneumonia"},
    {"Tos persistente", "Persistent cough"},
    {"Nódulo mamario palpable", "Palpable breast lump"},
    {"Tamizaje de cáncer de mama", "Breast cancer screening"},
    {"Anemia en estudio", "Anaemia under study"},
    {"Dislipidemia", "Dyslipidaemia"},
    {"Hiperplasia prostática benigna", "Benign prostatic hyperplasia"},
    {"Dermatitis atópica", "Atopic dermatitis"},
    {"Palpitaciones", "Palpitations"},
    {"Migraña", "Migraine"},
    {"Colelitiasis sintomática", "Symptomatic gallstones"},
    {"Hernia inguinal", "Inguinal hernia"},
    {"Apendicitis aguda", "Acute appendicitis"},
    {"Gastritis crónica", "Chronic gastritis"},
    {"Enfermedad por reflujo gastroesofágico", "Gastro-oesophageal reflux disease"},
    {"Dolor torácico en estudio", "Chest pain under study"},
    {"Sangrado digestivo bajo", "Lower gastrointestinal bleeding"},
    {"Tamizaje de cáncer colorrectal", "Colorectal cancer screening"},
    {"Hipoacusia", "Hearing loss"},
    {"Tapón de cerumen", "Earwax impaction"},
    {"Desviación del tabique nasal con obstrucción", "Deviated nasal septum with obstruction"},
    {"Tamizaje de cáncer de cuello uterino", "Cervical cancer screening"},
    {"Asesoría en anticoncepción", "Contraception counselling"},
    {"Fractura de radio distal", "Distal radius fracture"},
    {"Crisis asmática", "Asthma attack"},
    {"Convalecencia de infarto de miocardio", "Recovery after a myocardial infarction"},
    {"Lumbalgia mecánica", "Mechanical low back pain"},
    {"Diabetes mellitus tipo 2", "Type 2 diabetes mellitus"},
    {"Hipertensión arterial", "Arterial hypertension"},
    {"Enfermedad pulmonar obstructiva crónica", "Chronic obstructive pulmonary disease"},
    {"Enfermedad renal crónica", "Chronic kidney disease"},
    {"Hipotiroidismo", "Hypothyroidism"},
    {"Artrosis de rodilla", "Knee osteoarthritis"},
    {"Inconformidad con la forma de la nariz", "Dissatisfaction with the shape of the nose"},
};

struct ProcedureRow {
    const char* es;
    const char* en;
    const char* categoria;
    int costo;
    char estado;  // 'A' requiere_autorizacion, 'E' exento, 'X' excluido
    std::vector<int> diagnosticos;  // SYN-D numbers
    char causal;                    // a–f for excluded, else 0
    int homonimo;                   // SYN-P number, else 0
    int tope;                       // v2 cap, else 0
};

// SYN-P-001 … SYN-P-040, in this order. Caps: imaging, diagnostic tests and rehabilitation costing at
// least 300 and less than U2 (1000) cover 70 % of their cost floored to tens (§9).
const ProcedureRow kProcedures[] = {
    {"Resonancia magnética de rodilla", "Knee MRI scan", "imagenes", 850, 'A', {1, 2}, 0, 0, 590},
    {"Tomografía de abdomen con contraste", "Contrast-enhanced abdominal CT scan", "imagenes", 1300, 'A', {3}, 0, 0, 0},
    {"Ecografía Doppler venosa de miembros inferiores", "Venous Doppler ultrasound of the legs", "imagenes", 600, 'A', {4, 5}, 0, 0, 420},
    {"Radiografía de tórax", "Chest X-ray", "imagenes", 120, 'A', {6, 7}, 0, 0, 0},
    {"Mamografía bilateral", "Bilateral mammogram", "imagenes", 240, 'A', {8, 9}, 0, 0, 0},
    {"Hemograma completo", "Full blood count", "laboratorio", 40, 'A', {10, 6}, 0, 0, 0},
    {"Perfil lipídico", "Lipid profile", "laboratorio", 60, 'A', {11}, 0, 0, 0},
    {"Antígeno prostático específico", "Prostate-specific antigen test", "laboratorio", 70, 'A', {12}, 0, 0, 0},
    {"Consulta de dermatología", "Dermatology consultation", "consulta_especializada", 90, 'A', {13}, 0, 0, 0},
    {"Consulta de cardiología", "Cardiology consultation", "consulta_especializada", 110, 'A', {14, 21}, 0, 0, 0},
    {"Consulta de neurología", "Neurology consultation", "consulta_especializada", 120, 'A', {15}, 0, 0, 0},
    {"Colecistectomía laparoscópica", "Laparoscopic cholecystectomy", "cirugia", 2600, 'A', {16}, 0, 0, 0},
    {"Herniorrafia inguinal", "Inguinal hernia repair", "cirugia", 1000, 'A', {17}, 0, 0, 0},
    {"Apendicectomía", "Appendectomy", "cirugia", 2400, 'A', {18}, 0, 0, 0},
    {"Artroscopia de rodilla", "Knee arthroscopy", "cirugia", 1900, 'A', {1, 2}, 0, 0, 0},
    {"Endoscopia digestiva alta", "Upper digestive endoscopy", "pruebas_diagnosticas", 520, 'A', {19, 20}, 0, 0, 360},
    {"Prueba de esfuerzo", "Exercise stress test", "pruebas_diagnosticas", 350, 'A', {21, 14}, 0, 0, 240},
    {"Electrocardiograma", "Electrocardiogram", "pruebas_diagnosticas", 60, 'A', {14, 21}, 0, 0, 0},
    {"Colonoscopia", "Colonoscopy", "pruebas_diagnosticas", 700, 'A', {22, 23}, 0, 0, 490},
    {"Audiometría", "Hearing test", "otorrinolaringologia", 80, 'A', {24}, 0, 0, 0},
    {"Lavado de oídos", "Ear irrigation", "otorrinolaringologia", 50, 'A', {25}, 0, 0, 0},
    {"Rinoplastia funcional", "Functional rhinoplasty", "otorrinolaringologia", 900, 'A', {26}, 0, 35, 0},
    {"Citología cervicovaginal", "Cervical smear test", "salud_sexual_y_reproductiva", 50, 'A', {27}, 0, 0, 0},
    {"Consulta de planificación familiar", "Family planning consultation", "salud_sexual_y_reproductiva", 70, 'A', {28}, 0, 0, 0},
    {"Vasectomía", "Vasectomy", "salud_sexual_y_reproductiva", 450, 'A', {28}, 0, 0, 0},
    {"Reducción cerrada de fractura de antebrazo", "Closed reduction of a forearm fracture", "urgencias", 650, 'A', {29}, 0, 0, 0},
    {"Nebulización y observación", "Nebulisation and observation", "urgencias", 180, 'A', {30}, 0, 0, 0},
    {"Rehabilitación cardíaca", "Cardiac rehabilitation", "rehabilitacion", 480, 'A', {31}, 0, 0, 330},
    {"Fisioterapia, diez sesiones", "Physiotherapy, ten sessions", "rehabilitacion", 280, 'A', {32, 38}, 0, 0, 0},
    {"Control de diabetes", "Diabetes follow-up visit", "seguimiento_cronico", 90, 'E', {33}, 0, 0, 0},
    {"Control de hipertensión arterial", "Hypertension follow-up visit", "seguimiento_cronico", 80, 'E', {34}, 0, 0, 0},
    {"Control de enfermedad pulmonar obstructiva crónica", "COPD follow-up visit", "seguimiento_cronico", 100, 'E', {35}, 0, 0, 0},
    {"Control de enfermedad renal crónica", "Chronic kidney disease follow-up visit", "seguimiento_cronico", 120, 'E', {36}, 0, 0, 0},
    {"Control de hipotiroidismo", "Hypothyroidism follow-up visit", "seguimiento_cronico", 70, 'E', {37}, 0, 0, 0},
    {"Rinoplastia estética", "Cosmetic rhinoplasty", "procedimientos_esteticos", 1500, 'X', {39}, 'a', 22, 0},
    {"Infiltración de ozono en la rodilla", "Ozone injection into the knee", "tecnologias_no_financiadas", 400, 'X', {38}, 'b', 0, 0},
    {"Magnetoterapia para dolor lumbar", "Magnetic field therapy for low back pain", "tecnologias_no_financiadas", 300, 'X', {32}, 'c', 0, 0},
    {"Estimulador auricular sin registro sanitario", "Ear stimulator without a marketing authorisation", "tecnologias_no_financiadas", 350, 'X', {15}, 'd', 0, 0},
    {"Terapia experimental con células madre en la rodilla", "Experimental stem-cell therapy of the knee", "tecnologias_no_financiadas", 4200, 'X', {38}, 'e', 0, 0},
    {"Rehabilitación cardíaca en un centro del exterior", "Cardiac rehabilitation at a centre abroad", "tecnologias_no_financiadas", 3000, 'X', {31}, 'f', 0, 0},
};

struct GroundRow {
    char id;
    const char* es;
    const char* en;
};

// Colombian Law 1751 of 2015 (Statutory Health Law), art. 15: the six grounds (our summaries).
const GroundRow kGrounds[] = {
    {'a', "Su finalidad principal es cosmética o suntuaria, sin relación con recuperar o mantener la capacidad funcional o vital.",
     "Its main purpose is cosmetic or luxury, unrelated to recovering or keeping functional or vital capacity."},
    {'b', "No hay evidencia científica sobre su seguridad y eficacia clínica.",
     "There is no scientific evidence of its safety and clinical efficacy."},
    {'c', "No hay evidencia científica sobre su efectividad clínica.",
     "There is no scientific evidence of its clinical effectiveness."},
    {'d', "Su uso no ha sido autorizado por la autoridad competente.",
     "Its use has not been authorised by the competent authority."},
    {'e', "Está en fase de experimentación.", "It is at an experimental stage."},
    {'f', "Solo puede prestarse en el exterior.", "It can only be provided abroad."},
};

const BenefitRule kRules[] = {
    {"RB-01", {"Atención de urgencias: se aprueba sin exigir autorización previa ni revisar la cobertura.",
               "Emergency care: approved without prior authorisation or a coverage check."}},
    {"RB-02", {"Servicio exento de autorización (seguimiento de enfermedad crónica): se aprueba sin más trámite.",
               "Service exempt from authorisation (chronic-care follow-up): approved with no further step."}},
    {"RB-03", {"Servicio excluido: se propone negar citando su causal de exclusión, y una persona confirma la negación.",
               "Excluded service: denial is proposed citing its exclusion ground, and a person confirms the denial."}},
    {"RB-04", {"Costo estimado mayor que el umbral de alto costo (U2): decide una persona.",
               "Estimated cost above the high-cost threshold (U2): a person decides."}},
    {"RB-05", {"La orden y la nota médica piden procedimientos distintos: decide una persona.",
               "The order and the physician's note ask for different procedures: a person decides."}},
    {"RB-06", {"Si hay duda sobre el alcance de un servicio, se interpreta a favor del afiliado (Ley 1751 de 2015, art. 8). El verificador de cobertura nunca la dispara: es un criterio para la persona que revisa.",
               "A doubt about a service's scope is resolved in the member's favour (Law 1751 of 2015, art. 8). The coverage checker never fires it: it guides the person who reviews."}},
    {"RB-07", {"Servicio que requiere autorización, con la información completa y sin ninguna otra regla aplicable: se aprueba.",
               "Service that requires authorisation, with complete information and no other rule applying: approved."}},
    {"RB-08", {"Servicio con tope de cobertura cuyo costo lo supera: se aprueba hasta el tope y se niega el excedente; con el modo Texas activo decide una persona.",
               "Service with a coverage cap that its cost exceeds: approved up to the cap and the excess denied; with Texas mode on, a person decides."}},
};

std::string pad(int n, int width) {
    std::string s = std::to_string(n);
    return std::string(static_cast<std::size_t>(std::max(0, width - static_cast<int>(s.size()))), '0') + s;
}

std::string diagnosis_code(int n) { return "SYN-D-" + pad(n, 2); }
std::string procedure_code(int n) { return "SYN-P-" + pad(n, 3); }

json::Value bil(const std::string& es, const std::string& en) {
    return json::Object{{"es", json::Value(es)}, {"en", json::Value(en)}};
}
json::Value bil(const Bilingual& b) { return bil(b.es, b.en); }

}  // namespace

// [SECTION] make_benefit_plan

json::Value make_benefit_plan(bool with_caps) {
    json::Array reglas;
    for (const BenefitRule& r : kRules) reglas.push_back(json::Object{{"id", json::Value(r.id)}, {"texto", bil(r.texto)}});
    json::Array causales;
    for (const GroundRow& g : kGrounds)
        causales.push_back(json::Object{{"id", json::Value(std::string(1, g.id))},
                                        {"norma", json::Value("Ley 1751 de 2015, art. 15, literal " + std::string(1, g.id) + ")")},
                                        {"resumen", bil(g.es, g.en)}});
    json::Array diagnosticos;
    int n = 0;
    for (const DiagnosisRow& d : kDiagnoses)
        diagnosticos.push_back(json::Object{{"codigo", json::Value(diagnosis_code(++n))}, {"nombre", bil(d.es, d.en)}});
    json::Array procedimientos;
    n = 0;
    for (const ProcedureRow& p : kProcedures) {
        json::Array compatibles;
        for (int d : p.diagnosticos) compatibles.push_back(json::Value(diagnosis_code(d)));
        json::Object item{{"codigo", json::Value(procedure_code(++n))},
                          {"nombre", bil(p.es, p.en)},
                          {"categoria", json::Value(p.categoria)},
                          {"costo", json::Value(p.costo)},
                          {"estado", json::Value(p.estado == 'A' ? "requiere_autorizacion" : p.estado == 'E' ? "exento" : "excluido")},
                          {"diagnosticos_compatibles", std::move(compatibles)},
                          {"homonimo_de", p.homonimo ? json::Value(procedure_code(p.homonimo)) : json::Value(nullptr)}};
        if (p.estado == 'X') item.push_back({"causal", json::Value(std::string(1, p.causal))});
        if (p.estado == 'E')
            item.push_back({"exento_motivo", bil("Seguimiento programado de una enfermedad crónica: no requiere autorización previa.",
                                                 "Scheduled follow-up of a chronic disease: no prior authorisation needed.")});
        if (with_caps && p.tope) item.push_back({"tope_cobertura", json::Value(p.tope)});
        procedimientos.push_back(std::move(item));
    }
    json::Value world = json::Object{
        {"formato", json::Value("planlang-plan-beneficios/v1")},
        {"id", json::Value("plan-beneficios-demo-a")},
        {"version", json::Value(with_caps ? "2.0.0" : "1.0.0")},
        {"demo_id", json::Value("demo-a")},
        {"dominio_id", json::Value("dom-salud")},
        {"nombre", bil("Plan de beneficios sintético de la demo A", "Synthetic benefit plan of demo A")},
        {"aviso", bil("Datos sintéticos para una simulación: no es un plan de beneficios real, no describe a ninguna aseguradora y no sirve para decidir coberturas.",
                      "Synthetic data for a simulation: it is not a real benefit plan, describes no insurer and must not be used to decide coverage.")},
        {"unidad_de_costo", bil("unidades de costo sintéticas (no son pesos ni dólares)", "synthetic cost units (neither pesos nor dollars)")},
        {"tope_alto_costo", json::Value("umbral.U2")},
        {"reglas", std::move(reglas)},
        {"causales_de_exclusion", std::move(causales)},
        {"diagnosticos", std::move(diagnosticos)},
        {"procedimientos", std::move(procedimientos)},
        {"huella", json::Value(nullptr)},
    };
    const std::string h = json::huella(world);
    *world.find("huella") = json::Value(h);
    return world;
}

// [SECTION] BenefitPlan lookups (read_benefit_plan, the strict reading, is in world_read.cpp)

const Procedure* BenefitPlan::procedure(std::string_view codigo) const {
    for (const Procedure& p : procedimientos)
        if (p.codigo == codigo) return &p;
    return nullptr;
}

const Diagnosis* BenefitPlan::diagnosis(std::string_view codigo) const {
    for (const Diagnosis& d : diagnosticos)
        if (d.codigo == codigo) return &d;
    return nullptr;
}

const ExclusionGround* BenefitPlan::ground(std::string_view id) const {
    for (const ExclusionGround& g : causales_de_exclusion)
        if (g.id == id) return &g;
    return nullptr;
}

const BenefitRule* BenefitPlan::rule(std::string_view id) const {
    for (const BenefitRule& r : reglas)
        if (r.id == id) return &r;
    return nullptr;
}

bool BenefitPlan::has_caps() const {
    return std::any_of(procedimientos.begin(), procedimientos.end(), [](const Procedure& p) { return p.tope_cobertura.has_value(); });
}

// [SECTION] check_world_fits

const UrgentPair kUrgentPairs[3] = {{"SYN-P-014", "SYN-D-18"}, {"SYN-P-026", "SYN-D-29"}, {"SYN-P-027", "SYN-D-30"}};
const SexSpecific kSexSpecific[4] = {{"SYN-P-005", 'F'}, {"SYN-P-008", 'M'}, {"SYN-P-023", 'F'}, {"SYN-P-025", 'M'}};
const std::string_view kSurgeryCategory = "cirugia";

Issues check_world_fits(const BenefitPlan& w, std::int64_t u2) {
    Issues out;
    auto unfit = [&](const std::string& element, const std::string& es, const std::string& en) {
        out.push_back(Issue{"MUNDO_INCOMPATIBLE", element, {es, en}});
    };
    bool urgent_above = false;
    for (const UrgentPair& u : kUrgentPairs) {
        const Procedure* p = w.procedure(u.procedimiento);
        if (!p || !p->authorisable() ||
            std::find(p->diagnosticos_compatibles.begin(), p->diagnosticos_compatibles.end(), u.diagnostico) == p->diagnosticos_compatibles.end()) {
            unfit(std::string(u.procedimiento), "falta el par urgente autorizable con su diagnóstico " + std::string(u.diagnostico),
                  "the authorisable urgent pair with diagnosis " + std::string(u.diagnostico) + " is missing");
            continue;
        }
        if (p->costo > u2) urgent_above = true;
    }
    if (out.empty() && !urgent_above)
        unfit("procedimientos", "ningún par urgente cuesta más que U2", "no urgent pair costs more than U2");
    for (const SexSpecific& x : kSexSpecific)
        if (!w.procedure(x.procedimiento))
            unfit(std::string(x.procedimiento), "falta el procedimiento específico de sexo", "the sex-specific procedure is missing");
    struct Need {
        const char* es;
        const char* en;
        bool (*fits)(const Procedure&, std::int64_t, bool);
    };
    const Need needs[] = {
        {"un servicio autorizable con costo mayor que U2", "an authorisable service costing more than U2",
         [](const Procedure& p, std::int64_t u, bool) { return p.authorisable() && p.costo > u; }},
        {"un servicio autorizable con costo igual a U2", "an authorisable service costing exactly U2",
         [](const Procedure& p, std::int64_t u, bool) { return p.authorisable() && p.costo == u; }},
        {"un servicio excluido", "an excluded service", [](const Procedure& p, std::int64_t, bool) { return p.excluded(); }},
        {"un servicio exento", "an exempt service", [](const Procedure& p, std::int64_t, bool) { return p.exempt(); }},
        {"un servicio autorizable con homónimo", "an authorisable service with a homonym",
         [](const Procedure& p, std::int64_t, bool) { return p.authorisable() && p.homonimo_de.has_value(); }},
        {"un servicio de bajo costo", "a low-cost service",
         [](const Procedure& p, std::int64_t u, bool) { return p.authorisable() && p.costo < u && !p.tope_cobertura; }},
        {"un servicio con tope y costo no mayor que U2", "a capped service costing no more than U2",
         [](const Procedure& p, std::int64_t u, bool caps) { return !caps || (p.authorisable() && p.tope_cobertura && p.costo <= u); }},
    };
    const bool caps = w.has_caps();
    for (const Need& need : needs)
        if (std::none_of(w.procedimientos.begin(), w.procedimientos.end(), [&](const Procedure& p) { return need.fits(p, u2, caps); }))
            unfit("procedimientos", std::string("falta ") + need.es, std::string("missing: ") + need.en);
    std::map<std::string, int> low_cost_per_category;
    for (const Procedure& p : w.procedimientos)
        if (p.authorisable() && p.costo < u2 && !p.tope_cobertura) ++low_cost_per_category[p.categoria];
    if (std::none_of(low_cost_per_category.begin(), low_cost_per_category.end(), [](const auto& kv) { return kv.second >= 2; }))
        unfit("procedimientos", "ninguna categoría tiene dos servicios de bajo costo", "no category has two low-cost services");
    for (const Procedure& p : w.procedimientos)
        if (p.homonimo_de && p.authorisable() && !w.procedure(*p.homonimo_de))
            unfit(p.codigo, "homónimo desconocido", "unknown homonym");
    return out;
}

}  // namespace planlang::synth
