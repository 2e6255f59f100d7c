// The sweep for people (ES/EN), written from sweep_json's object so the two cannot disagree.
#include <algorithm>

#include "core/json/number.hpp"
#include "core/playground/sweep.hpp"

namespace planlang::playground {

using json::Value;

namespace {

const Value& member(const Value& object, std::string_view key) { return json::member_or_null(object, key); }

const json::Array& list(const Value& v) { return json::array_items(v); }

std::string str(const Value& v) { return v.is_string() ? v.as_string() : ""; }

std::string value_text(const Value& v, bool en) {
    if (v.is_null()) return "—";
    if (v.is_bool()) return v.as_bool() ? (en ? "on" : "sí") : (en ? "off" : "no");
    if (v.is_number()) {
        const std::string s = json::format_number(v.as_number());
        return en ? s : json::with_decimal_comma(s);
    }
    return str(v);
}

std::size_t columns(const std::string& s) {
    std::size_t n = 0;
    for (unsigned char ch : s) n += (ch & 0xC0) != 0x80;
    return n;
}

std::string right(const std::string& s, std::size_t width) { return std::string(width > columns(s) ? width - columns(s) : 0, ' ') + s; }

}  // namespace

std::string sweep_text(const Value& r, bool en) {
    std::string t;
    auto line = [&](const std::string& s) { t += s + "\n"; };
    const Value& check = member(r, "autocomprobacion");
    line((en ? "Sweep (our addition, playground.md §10.3) · run " : "Barrido (complemento nuestro, playground.md §10.3) · corrida ") +
         str(member(r, "corrida_id")) + (en ? " · self-check: " : " · autocomprobación: ") +
         (member(check, "ok") == Value(true) ? (en ? "passed" : "correcta") : (en ? "FAILED — " : "FALLIDA — ") + str(member(member(check, "motivo"), en ? "en" : "es"))));
    const auto& ejes = list(member(r, "ejes"));
    const auto& puntos = list(member(r, "puntos"));
    std::string grid = en ? "Grid:" : "Rejilla:";
    std::vector<std::string> ids;
    for (const Value& e : ejes) {
        ids.push_back(str(member(e, "id")));
        grid += " " + ids.back() + " " + value_text(member(e, "desde"), en) + " … " + value_text(member(e, "hasta"), en) + (en ? " step " : " paso ") +
                value_text(member(e, "paso"), en) + " (" + std::to_string(list(member(e, "valores")).size()) + (en ? " values)" : " valores)") + " ×";
    }
    grid.resize(grid.size() - std::string(" ×").size());
    grid += " = " + std::to_string(puntos.size()) + (puntos.size() == 1 ? (en ? " point" : " punto") : (en ? " points" : " puntos"));
    std::string fixed;
    for (const json::Member& m : member(r, "base").as_object())
        if (std::find(ids.begin(), ids.end(), m.key) == ids.end()) fixed += " " + m.key + " " + value_text(m.value, en) + " ·";
    if (!fixed.empty()) grid += (en ? " · fixed:" : " · fijos:") + fixed.substr(0, fixed.size() - std::string(" ·").size());
    line(grid);
    const std::string verdad = str(member(r, "verdad"));
    line(en ? "Total errors (left without a person and must escalate) against " +
                  std::string(verdad == "en_este_ajuste" ? "the truth at each setting"
                              : verdad == "mixta"        ? "the truth at each setting where known, else the batch's frozen truth"
                                                         : "the batch's frozen truth (debe_escalar)")
            : "Errores totales (sin persona y debían escalar) contra " +
                  std::string(verdad == "en_este_ajuste" ? "la verdad de cada ajuste"
                              : verdad == "mixta"        ? "la verdad de cada ajuste donde se conoce, si no la congelada del lote"
                                                         : "la verdad congelada del lote (debe_escalar)"));
    const bool minutes = str(member(r, "clave_de_coste")) == "minutos";
    // The table: the axes' values, then the figures.
    std::vector<std::string> head = ids;
    for (const char* h : {en ? "errors" : "errores", en ? "introduced" : "introducidos", en ? "avoided" : "evitados",
                          minutes ? (en ? "minutes" : "minutos") : (en ? "persons" : "personas"), en ? "not observed" : "no observados"})
        head.emplace_back(h);
    auto cells = [&](const Value& p) {
        std::vector<std::string> row;
        for (const std::string& id : ids) row.push_back(value_text(member(member(p, "umbrales"), id), en));
        for (const char* k : {"errores_totales", "errores_introducidos", "errores_evitados", minutes ? "minutos" : "personas", "no_observados"})
            row.push_back(value_text(member(p, k), en));
        return row;
    };
    auto table_line = [&](const std::vector<std::string>& row, const std::string& mark) {
        std::string s = "  ";
        for (std::size_t i = 0; i < row.size(); ++i) s += right(row[i], std::max<std::size_t>(columns(head[i]), 6)) + "  ";
        s += mark;
        while (!s.empty() && s.back() == ' ') s.pop_back();
        line(s);
    };
    auto at = [&](const Value& index) -> const Value* {
        if (!index.is_number()) return nullptr;
        const auto i = static_cast<std::size_t>(index.as_number());
        return i < puntos.size() ? &puntos[i] : nullptr;
    };
    const auto& frente = list(member(r, "frente_pareto"));
    line((en ? "Pareto front (fewest errors for the " : "Frente de Pareto (menos errores por los ") +
         std::string(minutes ? (en ? "reviewer minutes" : "minutos de revisor") : (en ? "persons" : "casos a una persona")) + "): " +
         std::to_string(frente.size()) + (frente.size() == 1 ? (en ? " point" : " punto") : (en ? " points" : " puntos")));
    table_line(head, "");
    const Value* plan = at(member(r, "plan"));
    const Value* actual = at(member(r, "actual"));
    for (const Value& i : frente) {
        const Value* p = at(i);
        if (!p) continue;
        std::string mark = p == plan ? (en ? "← plan" : "← plan") : "";
        if (p == actual && p != plan) mark = en ? "← current" : "← actual";
        table_line(cells(*p), mark);
    }
    if (plan) {
        if (std::find(frente.begin(), frente.end(), member(r, "plan")) == frente.end()) {
            line(en ? "Plan point (not on the front):" : "Punto del plan (fuera del frente):");
            table_line(cells(*plan), "← plan");
        }
    } else {
        line(en ? "The plan's point is not on this grid (an axis value or a fixed threshold differs from the plan)."
                : "El punto del plan no está en esta rejilla (un valor de eje o un umbral fijo difiere del plan).");
    }
    std::int64_t no_jugables = 0, max_no_obs = 0;
    for (const Value& p : puntos) {
        no_jugables += member(p, "no_jugables").is_number() && member(p, "no_jugables").as_number() > 0;
        if (member(p, "no_observados").is_number()) max_no_obs = std::max<std::int64_t>(max_no_obs, static_cast<std::int64_t>(member(p, "no_observados").as_number()));
    }
    line((en ? "Points with cases not playable: " : "Puntos con casos no jugables: ") + std::to_string(no_jugables) +
         (en ? " · most cases not observed at one point: " : " · máximo de casos no observados en un punto: ") + std::to_string(max_no_obs));
    return t;
}

}  // namespace planlang::playground
