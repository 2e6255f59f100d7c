// The conversation of a multi-turn case (core/site/internal/case_conversation.hpp).
#include "core/views/internal/case_conversation.hpp"

namespace planlang::views::internal {

using json::Value;

namespace {

const Value& get(const Value& v, const char* key) {
    static const Value kNull;
    const Value* x = v.is_object() ? v.find(key) : nullptr;
    return x ? *x : kNull;
}

std::string str(const Value& v) { return v.is_string() ? v.as_string() : std::string(); }

// A reply quoted line by line (Markdown blockquote).
std::string quoted(const std::string& text) {
    std::string out = "> ";
    for (char ch : text) {
        out += ch;
        if (ch == '\n') out += "> ";
    }
    return out;
}

}  // namespace

std::vector<ConversationTurn> conversation_of(const Value& trace) {
    std::vector<ConversationTurn> out;
    const Value& turns = get(trace, "conversacion");
    if (!turns.is_array()) return out;
    for (const Value& t : turns.as_array()) {
        ConversationTurn c;
        const Value& n = get(t, "turno");
        c.turno = n.is_number() ? static_cast<std::int64_t>(n.as_number()) : 0;
        c.locale = str(get(t, "locale"));
        c.usuario = str(get(t, "usuario"));
        const Value& reply = get(t, "respuesta");
        c.tipo = str(get(reply, "tipo"));
        c.texto = str(get(reply, "texto"));
        const Value& citas = get(reply, "citas");
        if (citas.is_array())
            for (const Value& x : citas.as_array())
                if (x.is_string()) c.citas.push_back(x.as_string());
        c.revisada = get(t, "revisada") == Value(true);
        out.push_back(std::move(c));
    }
    return out;
}

std::string conversation_markdown(const std::vector<ConversationTurn>& turns, bool en) {
    if (turns.empty()) return {};
    std::string md = en ? "The conversation, turn by turn (the person's text as the agent saw it; the coach's envelope and reply):\n\n"
                        : "La conversación, turno a turno (el texto de la persona como lo vio el agente; el sobre y la respuesta del acompañante):\n\n";
    for (const ConversationTurn& t : turns) {
        md += (en ? "**Turn " : "**Turno ") + std::to_string(t.turno) + "** · `" + t.locale + "` — " + (en ? "the person: " : "la persona: ") + t.usuario + "\n\n";
        md += (en ? "Coach: `" : "Acompañante: `") + t.tipo + "`";
        if (!t.citas.empty()) {
            md += en ? ", cites " : ", cita ";
            for (std::size_t i = 0; i < t.citas.size(); ++i) md += (i ? ", `" : "`") + t.citas[i] + "`";
        }
        if (t.revisada) md += en ? ", checked by the reviewer" : ", revisada por el revisor";
        md += "\n\n" + quoted(t.texto) + "\n\n";
    }
    return md;
}

Value conversation_json(const std::vector<ConversationTurn>& turns) {
    json::Array out;
    for (const ConversationTurn& t : turns) {
        json::Array citas;
        for (const std::string& c : t.citas) citas.emplace_back(c);
        out.push_back(json::Object{{"turno", Value(static_cast<double>(t.turno))},
                                   {"locale", Value(t.locale)},
                                   {"usuario", Value(t.usuario)},
                                   {"tipo", Value(t.tipo)},
                                   {"texto", Value(t.texto)},
                                   {"citas", Value(std::move(citas))},
                                   {"revisada", Value(t.revisada)}});
    }
    return Value(std::move(out));
}

}  // namespace planlang::views::internal
