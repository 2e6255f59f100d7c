// See recorded_edges.hpp.
#include "core/rules/recorded_edges.hpp"

#include <cmath>

#include "core/json/unicode.hpp"

namespace planlang::rules {
namespace {

using json::Value;

constexpr double kMaxSafeInteger = 9007199254740991.0;  // 2^53 − 1

bool integer_of(const Value* v, std::int64_t& n) {
    if (!v || !v->is_number()) return false;
    const double d = v->as_number();
    if (std::floor(d) != d || std::fabs(d) > kMaxSafeInteger) return false;
    n = static_cast<std::int64_t>(d);
    return true;
}

// The item at `i` of a reused container (its strings and vectors keep their capacity), else a new one.
template <typename T>
T& slot(std::vector<T>& items, std::size_t i) {
    return i < items.size() ? items[i] : items.emplace_back();
}

}  // namespace

bool operator==(const RecordedEdge& a, const RecordedEdge& b) {
    return a.paso == b.paso && a.desde == b.desde && a.orden_arista == b.orden_arista && a.resultado == b.resultado &&
           a.has_rama == b.has_rama && (!a.has_rama || a.rama_tomada == b.rama_tomada) && a.state == b.state &&
           (a.state != RecordedEdge::State::tripleta || (a.senal == b.senal && a.valor_observado == b.valor_observado)) &&
           (a.state != RecordedEdge::State::funcion || a.entradas == b.entradas);
}

bool read_recorded_edge(const Value& record, RecordedEdge& out) {
    if (!record.is_object()) return false;
    const Value* desde = record.find("desde");
    if (!integer_of(record.find("paso"), out.paso) || !desde || !desde->is_string()) return false;
    out.desde = desde->as_string();
    if (!integer_of(record.find("orden_arista"), out.orden_arista)) out.orden_arista = 0;
    const Value* resultado = record.find("resultado");
    out.resultado = resultado && resultado->is_bool() && resultado->as_bool();
    const Value* rama = record.find("rama_tomada");
    out.has_rama = rama && rama->is_string();
    if (out.has_rama) out.rama_tomada = rama->as_string();
    const Value* tipo = record.find("tipo");
    const Value* senal = record.find("senal");
    const Value* observado = record.find("valor_observado");
    const Value* entradas = record.find("entradas");
    out.state = RecordedEdge::State::unreadable;
    if (tipo && tipo->is_string() && tipo->as_string() == "funcion" && entradas && entradas->is_object()) {
        out.state = RecordedEdge::State::funcion;
        out.entradas = *entradas;
    } else if (tipo && tipo->is_string() && tipo->as_string() == "tripleta" && senal && senal->is_string() && observado) {
        out.state = RecordedEdge::State::tripleta;
        out.senal = senal->as_string();
        out.valor_observado = *observado;
    }
    return true;
}

void group_visits_into(const std::vector<RecordedEdge>& records, RecordedVisits& grouped) {
    std::vector<RecordedVisits::Visit>& visits = grouped.visits;
    std::size_t count = 0;
    grouped.invalid = 0;
    for (const RecordedEdge& r : records) {
        std::size_t i = 0;
        while (i < count && !(visits[i].paso == r.paso && *visits[i].desde == r.desde)) ++i;
        if (i == count) {
            RecordedVisits::Visit& v = slot(visits, count++);
            v.paso = r.paso;
            v.desde = &r.desde;
            v.records.clear();
        }
        visits[i].records.push_back(&r);
    }
    visits.resize(count);
    // Ascending paso, then desde (UTF-16), stable. Insertion sort: a trace has a handful of visits, nearly
    // always in order already, and std::stable_sort would allocate a buffer per trace.
    const auto before = [](const RecordedVisits::Visit& a, const RecordedVisits::Visit& b) {
        if (a.paso != b.paso) return a.paso < b.paso;
        return json::utf16_less(*a.desde, *b.desde);
    };
    for (std::size_t i = 1; i < count; ++i)
        for (std::size_t j = i; j > 0 && before(visits[j], visits[j - 1]); --j) std::swap(visits[j], visits[j - 1]);
}

void group_visits_into(const json::Array& records, RecordedVisits& grouped) {
    std::size_t readable = 0, invalid = 0;
    for (const Value& r : records) {
        if (read_recorded_edge(r, slot(grouped.owned, readable))) ++readable;
        else ++invalid;
    }
    grouped.owned.resize(readable);
    group_visits_into(grouped.owned, grouped);
    grouped.invalid = invalid;
}

RecordedVisits group_visits(const json::Array& records) {
    RecordedVisits grouped;
    group_visits_into(records, grouped);
    return grouped;
}

}  // namespace planlang::rules
