#pragma once
// The context a case's rules read (rule-language.md §4), bound from a trace and its batch case the way the
// verifier binds it: the verifier measures with it, and the playground evaluates the recorded path with it
// (playground.md §6), so the two can never read a case differently.
#include <vector>

#include "core/json/value.hpp"
#include "core/rules/eval.hpp"
#include "core/run/reader.hpp"

namespace planlang::verify {

// Values a case context points at that are made for it (the trace's own values are pointed at in place).
struct CaseValues {
    json::Value caso;               // the trace's caso_id
    json::Value salida_final;       // es + "\n" + en, or null
    json::Value interrupt_payload;  // the payload keys present in every recorded pause, sorted (UTF-16)
};

// `trace` as read, its pause records, its batch case (nullptr: none; its `tipo`, `subtipo`,
// `adversario_detalle`, `verdad_conocida`, `identificadores_sinteticos` are bound), the thresholds the rules
// read as `umbral`, and the signals of its pair in the reference rendering (`par_de_referencia`, ours; nullptr:
// null). The bindings point into the arguments and `owned`, which must outlive them.
rules::CaseBindings bind_case(const json::Value& trace, const std::vector<run::PauseRecord>& pauses, const json::Value* caso,
                              const json::Value& umbral, CaseValues& owned, const json::Value* par_de_referencia = nullptr);

}  // namespace planlang::verify
