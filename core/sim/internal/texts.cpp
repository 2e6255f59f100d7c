// Our wording for the simulated agent (synthetic-and-simulation.md §10). No personal data, no real names;
// nothing here may match our injection patterns (tests check it).
#include "core/sim/internal/texts.hpp"

#include "core/json/number.hpp"

namespace planlang::sim::texts {

const char* const kSystemExtractor =
    "Eres el extractor de un sistema simulado de autorizaciones de servicios de salud con datos sintéticos. "
    "Lee la nota del médico, las observaciones de la orden y las respuestas del médico, y devuelve solo JSON con "
    "\"campos\" (procedimiento como código del catálogo, diagnostico como código, urgencia como booleano, "
    "costo_estimado como número) y \"confianza\" entre 0 y 1. Usa null para todo dato que el texto no diga. "
    "Los datos del afiliado están enmascarados y no hacen falta.";

const char* const kSystemQuestion =
    "Eres el asistente de aclaraciones de un sistema simulado de autorizaciones. Escribe una sola pregunta breve y "
    "cortés al médico tratante para obtener los datos que faltan. Devuelve solo JSON con la clave \"pregunta\".";

const char* const kSystemWriter =
    "Eres el redactor de un sistema simulado de autorizaciones. Escribe la respuesta al afiliado para la decisión "
    "indicada, en español y en inglés, clara y sin datos personales. Devuelve solo JSON con \"es\", \"en\" y "
    "\"acciones\" (solo responder_afiliado).";

const char* const kSystemSingleAgent =
    "Eres el agente único de un sistema simulado de autorizaciones de servicios de salud con datos sintéticos. "
    "Con el catálogo y su estado de cobertura, la nota del médico y las observaciones de la orden: extrae los "
    "campos (procedimiento, diagnostico, urgencia, costo_estimado) con tu confianza, propone una decisión "
    "(aprobar, aprobar_parcial o negar) y redacta la carta al afiliado en español y en inglés. Devuelve solo JSON "
    "con \"campos\", \"confianza\", \"propuesta\", \"carta_es\", \"carta_en\" y \"acciones\".";

const char* const kQuestion =
    "Para continuar con la solicitud, ¿podría enviarnos los datos que aún faltan en la nota (el diagnóstico o el costo "
    "estimado del servicio)?";

const char* const kNoReply = "El médico no respondió a la solicitud de información dentro del plazo.";

Bilingual letter(const std::string& decision, const Bilingual& servicio, const std::string& documento) {
    Bilingual out;
    if (decision == "negar") {
        out.es = "Su solicitud de autorización para " + servicio.es +
                 " no fue autorizada. Adjuntamos el documento con la causal, la norma que la sustenta y la forma de pedir "
                 "la revisión de esta decisión.";
        out.en = "Your authorisation request for " + servicio.en +
                 " was not authorised. The attached document gives the ground, the rule it rests on and how to ask for a "
                 "review of this decision.";
    } else if (decision == "aprobar_parcial") {
        out.es = "Su solicitud de autorización para " + servicio.es +
                 " fue aprobada hasta el tope de cobertura del plan; la parte que lo excede no está cubierta. Adjuntamos el "
                 "documento que explica los montos y la forma de pedir su revisión.";
        out.en = "Your authorisation request for " + servicio.en +
                 " was approved up to the plan's coverage cap; the part above it is not covered. The attached document "
                 "explains the amounts and how to ask for a review.";
    } else {
        out.es = "Su solicitud de autorización para " + servicio.es +
                 " fue aprobada. Puede acordar la fecha de atención con su prestador.";
        out.en = "Your authorisation request for " + servicio.en + " was approved. You can arrange the date of care with your provider.";
    }
    if (!documento.empty()) {
        out.es += " Documento del afiliado: " + documento + ".";
        out.en += " Member document: " + documento + ".";
    }
    return out;
}

Bilingual ai_notice(bool partial_without_person, bool plan_at_least_1_5_1) {
    if (partial_without_person)
        return {"Respuesta preparada con apoyo de un sistema automatizado: la parte no cubierta la decidió una regla del plan "
                "de beneficios, sin revisión de una persona; puede pedir que una persona la revise.",
                "Reply prepared with the help of an automated system: the uncovered part was decided by a rule of the benefit "
                "plan, without review by a person; you can ask for a person to review it."};
    if (plan_at_least_1_5_1)
        return {"Respuesta preparada con apoyo de un sistema automatizado. Ninguna negación completa se decide sin una persona.",
                "Reply prepared with the help of an automated system. No complete denial is decided without a person."};
    return {"Respuesta preparada con apoyo de un sistema automatizado. Ninguna negación se decide sin una persona.",
            "Reply prepared with the help of an automated system. No denial is decided without a person."};
}

Bilingual identifier_marker() { return {"[dato retirado]", "[data removed]"}; }

Bilingual fallback_letter() {
    return {"Recibimos su solicitud de autorización. Un funcionario le enviará la respuesta por el canal habitual.",
            "We received your authorisation request. A staff member will send you the answer through the usual channel."};
}

Bilingual contest_route() {
    return {"Puede pedir la revisión de esta decisión dentro de los diez días hábiles siguientes; la revisará una persona "
            "distinta de quien la tomó.",
            "You can ask for a review of this decision within the next ten working days; a person other than the one who "
            "took it will review it."};
}

Bilingual decided_by(bool person, const std::string& regla) {
    if (person) return {"Un auditor médico (persona) en la pausa humana.", "A medical auditor (a person) at the human pause."};
    return {"La regla " + regla + " del plan de beneficios, aplicada sin revisión de una persona.",
            "Rule " + regla + " of the benefit plan, applied without review by a person."};
}

Bilingual cap_summary(double tope, const Bilingual& unidad) {
    const std::string amount = json::format_number(tope);
    return {"El plan cubre este servicio hasta su tope de cobertura de " + amount + " " + unidad.es + ".",
            "The plan covers this service up to its coverage cap of " + amount + " " + unidad.en + "."};
}

Bilingual motive_triplet(const std::string& desde, long long orden, const std::string& senal, const std::string& operador,
                         const std::string& observado, const std::string& aplicado, const std::string& declarado) {
    const std::string edge = desde + " #" + std::to_string(orden);
    return {"Arista " + edge + ": la señal " + senal + " = " + observado + " cumple " + operador + " " + aplicado +
                (declarado != aplicado ? " (" + declarado + ")" : "") + "; el caso pasa a revisión humana.",
            "Edge " + edge + ": the signal " + senal + " = " + observado + " meets " + operador + " " + aplicado +
                (declarado != aplicado ? " (" + declarado + ")" : "") + "; the case goes to human review."};
}

Bilingual motive_function(const std::string& desde, long long orden, const std::string& funcion) {
    const std::string edge = desde + " #" + std::to_string(orden);
    return {"Arista " + edge + ": la función " + funcion + " es verdadera; el caso pasa a revisión humana.",
            "Edge " + edge + ": the function " + funcion + " is true; the case goes to human review."};
}

Bilingual evidence(const std::string& key, const std::string& d_es, const std::string& d_en) {
    if (key == "modelo_no_disponible") return {"El modelo no estuvo disponible.", "The model was not available."};
    if (key == "servicio_excluido")
        return {"El servicio extraído está excluido del plan (" + d_es + ").", "The extracted service is excluded from the plan (" + d_en + ")."};
    if (key == "costo_mayor_que_umbral")
        return {"El costo estimado supera el umbral de alto costo (" + d_es + ").", "The estimated cost is above the high-cost threshold (" + d_en + ")."};
    if (key == "costo_mayor_que_tope")
        return {"El costo estimado supera el tope de cobertura del servicio (" + d_es + ").",
                "The estimated cost is above the service's coverage cap (" + d_en + ")."};
    if (key == "carga_en_entrada")
        return {"La nota o la orden contienen instrucciones dirigidas al sistema.", "The note or the order contains instructions aimed at the system."};
    if (key == "orden_distinta_de_nota")
        return {"La orden pide un servicio distinto del que describe la nota (" + d_es + ").",
                "The order asks for a service other than the one the note describes (" + d_en + ")."};
    if (key == "confianza_baja")
        return {"La confianza de la extracción es menor que el mínimo (" + d_es + ").", "The extraction confidence is below the minimum (" + d_en + ")."};
    if (key == "campos_faltantes")
        return {"Faltan datos de la solicitud (" + d_es + ").", "Data of the request are missing (" + d_en + ")."};
    if (key == "duda_favorece_afiliado")
        return {"Ante la duda sobre el alcance de un servicio, se favorece al afiliado (RB-06).",
                "A doubt about a service's scope favours the member (RB-06)."};
    if (key == "servicio_cubierto")
        return {"El servicio extraído está cubierto por el plan (" + d_es + ").", "The extracted service is covered by the plan (" + d_en + ")."};
    if (key == "cubierto_hasta_tope")
        return {"El servicio está cubierto hasta su tope (" + d_es + ").", "The service is covered up to its cap (" + d_en + ")."};
    if (key == "diagnostico_compatible")
        return {"El diagnóstico es compatible con el servicio (" + d_es + ").", "The diagnosis is compatible with the service (" + d_en + ")."};
    return {key, key};
}

Bilingual card_name(bool single_agent, int repeat) {
    Bilingual out = single_agent ? Bilingual{"Demo A · agente único (línea base) simulado", "Demo A · simulated single agent (baseline)"}
                                 : Bilingual{"Demo A · agente multiagente simulado", "Demo A · simulated multi-agent"};
    if (repeat >= 2) {
        out.es += " · repetición " + std::to_string(repeat);
        out.en += " · repetition " + std::to_string(repeat);
    }
    return out;
}

Bilingual card_description(bool single_agent, int repeat, const std::string& batch_id) {
    Bilingual out{"Corrida determinista del lote sintético " + batch_id +
                      " por el agente simulado de planlang, sin modelo ni red: extractor sustituto, médico con guion, auditor que "
                      "sigue la verdad conocida, reloj fijo y regla de tokens.",
                  "Deterministic run of the synthetic batch " + batch_id +
                      " by planlang's simulated agent, with no model and no network: stand-in extractor, scripted physician, "
                      "auditor following the known truth, fixed clock and token rule."};
    if (single_agent) {
        out.es += " Variante de un solo agente (línea base).";
        out.en += " Single-agent variant (baseline).";
    }
    if (repeat >= 2) {
        out.es += " Repetición " + std::to_string(repeat) + ": parámetros de simulación redibujados por caso.";
        out.en += " Repetition " + std::to_string(repeat) + ": simulation parameters redrawn per case.";
    }
    return out;
}

Bilingual card_label() { return {"Simulación · no operativa · datos sintéticos", "Simulation · not operational · synthetic data"}; }

}  // namespace planlang::sim::texts
