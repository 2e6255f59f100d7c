// The adherence coach's knowledge base (plans/adherencia/dominio.md §2). Every text is ours: behavioural
// coaching (habits, reminders, pill boxes, travel kits, refills, talking to the care team), never a dose, a
// drug change, a diagnosis or a lab value. The symptom phrases are lower case so a user's sentence can carry
// them verbatim (the simulated guardrail_pre matches them as substrings).
//
// [SECTION] Content: groups, temas, cards, conditions without a card, symptoms
// [SECTION] make_knowledge_base
// [SECTION] Lookups (read_knowledge_base, the strict reading, is in knowledge_base_read.cpp)
#include "core/synth/adherencia/knowledge_base.hpp"

#include "core/json/fingerprint.hpp"

namespace planlang::synth::adherencia {

// [SECTION] Content: groups, temas, cards, conditions without a card, symptoms
namespace {

struct TriRow {
    const char* en;
    const char* es;
    const char* pt;
};

struct NamedRow {
    const char* id;
    TriRow nombre;
};

const NamedRow kGroupRows[] = {
    {"hipertension", {"High blood pressure", "Hipertensión", "Hipertensão"}},
    {"diabetes_2", {"Type 2 diabetes", "Diabetes tipo 2", "Diabetes tipo 2"}},
    {"vih", {"HIV", "VIH", "HIV"}},
    {"warfarina", {"Warfarin", "Warfarina", "Varfarina"}},
    {"asma", {"Asthma", "Asma", "Asma"}},
};

const NamedRow kTemaRows[] = {
    {"olvido", {"Forgetting", "Olvidos", "Esquecimento"}},
    {"rutina", {"Daily routine", "Rutina diaria", "Rotina diária"}},
    {"viajes", {"Travel", "Viajes", "Viagens"}},
    {"efectos_molestos", {"Bothersome side effects", "Efectos molestos", "Efeitos incômodos"}},
    {"costo", {"Cost and refills", "Costo y resurtidos", "Custo e reposição"}},
    {"motivacion", {"Motivation", "Motivación", "Motivação"}},
};

const NamedRow kConditionRows[] = {
    {"hipotiroidismo", {"Hypothyroidism", "Hipotiroidismo", "Hipotireoidismo"}},
    {"epilepsia", {"Epilepsy", "Epilepsia", "Epilepsia"}},
    {"glaucoma", {"Glaucoma", "Glaucoma", "Glaucoma"}},
    {"osteoporosis", {"Osteoporosis", "Osteoporosis", "Osteoporose"}},
};

struct CardRow {
    const char* grupo;
    const char* tema;
    TriRow titulo;
    TriRow texto;
};

// KB-01 … KB-24 in this order: group-major, tema order, the pairs of kMissingPairs skipped.
const CardRow kCardRows[] = {
    {"hipertension", "olvido",
     {"Tie the tablet to a daily habit", "Une la pastilla a un hábito diario", "Ligue o comprimido a um hábito diário"},
     {"Take your blood pressure medicine right after something you never miss, such as brushing your teeth, and keep the box where "
      "you will see it then. A phone alarm helps on busy days.",
      "Toma tu medicamento para la presión justo después de algo que nunca te saltas, como lavarte los dientes, y deja la caja donde "
      "la veas en ese momento. Una alarma en el teléfono ayuda los días ajetreados.",
      "Tome o remédio da pressão logo depois de algo que você nunca deixa de fazer, como escovar os dentes, e deixe a caixa onde vai "
      "vê-la nessa hora. Um alarme no celular ajuda nos dias corridos."}},
    {"hipertension", "rutina",
     {"A weekly pill box", "Un pastillero semanal", "Uma caixa organizadora semanal"},
     {"Fill a seven-day pill box once a week, always on the same day. An empty slot tells you at a glance whether today's tablet is taken.",
      "Llena un pastillero de siete días una vez por semana, siempre el mismo día. Un espacio vacío te dice de un vistazo si ya tomaste "
      "la pastilla de hoy.",
      "Encha uma caixa organizadora de sete dias uma vez por semana, sempre no mesmo dia. Um espaço vazio mostra num relance se o "
      "comprimido de hoje já foi tomado."}},
    {"hipertension", "viajes",
     {"Medicines go in your hand luggage", "Los medicamentos van en el equipaje de mano", "Os remédios vão na bagagem de mão"},
     {"Carry enough medicine for the whole trip and a few extra days, in its original box, in your hand luggage. Ask your pharmacist "
      "how to keep your usual time if you cross time zones.",
      "Lleva medicamento suficiente para todo el viaje y unos días más, en su caja original y en el equipaje de mano. Pregunta a tu "
      "farmacéutico cómo mantener tu hora habitual si cambias de huso horario.",
      "Leve remédio suficiente para toda a viagem e alguns dias a mais, na caixa original e na bagagem de mão. Pergunte ao seu "
      "farmacêutico como manter seu horário habitual se mudar de fuso."}},
    {"hipertension", "efectos_molestos",
     {"Write down what bothers you", "Anota lo que te molesta", "Anote o que incomoda"},
     {"Note when a side effect appears and how long it lasts, and bring the notes to your care team. Do not give up on your own: they "
      "can look at the options with you.",
      "Apunta cuándo aparece un efecto molesto y cuánto dura, y lleva las notas a tu equipo de salud. No lo abandones por tu cuenta: "
      "ellos pueden revisar las opciones contigo.",
      "Anote quando um efeito incômodo aparece e quanto dura, e leve as anotações à sua equipe de saúde. Não desista por conta "
      "própria: eles podem ver as opções com você."}},
    {"hipertension", "motivacion",
     {"Remember why it matters", "Recuerda por qué importa", "Lembre por que isso importa"},
     {"Blood pressure medicine works quietly: you may feel nothing either way. Write down your own reason to keep going, such as "
      "staying active for your family, and read it when motivation drops.",
      "El medicamento para la presión trabaja en silencio: puede que no notes nada. Escribe tu propia razón para seguir, como "
      "mantenerte activo por tu familia, y léela cuando baje la motivación.",
      "O remédio da pressão age em silêncio: talvez você não sinta nada. Escreva seu próprio motivo para continuar, como manter-se "
      "ativo pela família, e leia quando a motivação cair."}},
    {"diabetes_2", "olvido",
     {"Link it to meals", "Vincúlalo a las comidas", "Ligue às refeições"},
     {"If your diabetes medicine goes with a meal, keep it next to where you eat. A box to tick on a calendar by the table shows "
      "whether today's is done.",
      "Si tu medicamento para la diabetes va con una comida, déjalo junto al lugar donde comes. Una casilla en un calendario junto a "
      "la mesa muestra si ya lo tomaste hoy.",
      "Se o remédio da diabetes é tomado com uma refeição, deixe-o perto de onde você come. Um quadradinho num calendário ao lado da "
      "mesa mostra se o de hoje já foi."}},
    {"diabetes_2", "rutina",
     {"One place for everything", "Un solo lugar para todo", "Um só lugar para tudo"},
     {"Keep your medicines, your self-care supplies and a simple checklist in one basket. Going through the same list each morning "
      "turns it into a habit.",
      "Guarda tus medicamentos, tus insumos de autocuidado y una lista sencilla en una misma canasta. Repasar la misma lista cada "
      "mañana lo convierte en hábito.",
      "Guarde seus remédios, seus materiais de autocuidado e uma lista simples numa mesma cesta. Repassar a mesma lista toda manhã "
      "vira hábito."}},
    {"diabetes_2", "efectos_molestos",
     {"Talk about an upset stomach", "Cuenta las molestias de estómago", "Conte sobre o desconforto no estômago"},
     {"Some diabetes medicines can upset the stomach at first. Tell your care team how it goes and bring a short diary to show them; "
      "they know the options.",
      "Algunos medicamentos para la diabetes pueden caer pesados al principio. Cuéntale a tu equipo de salud cómo te va y lleva un "
      "diario breve para mostrarles; ellos conocen las opciones.",
      "Alguns remédios para diabetes podem pesar no estômago no início. Conte à sua equipe de saúde como está indo e leve um diário "
      "curto para mostrar; eles conhecem as opções."}},
    {"diabetes_2", "costo",
     {"Ask about refills and programmes", "Pregunta por resurtidos y programas", "Pergunte sobre reposição e programas"},
     {"Ask your pharmacy for refill reminders and whether a support programme can help with the cost. Ask before you run out, not after.",
      "Pide a tu farmacia recordatorios de resurtido y pregunta si un programa de apoyo puede ayudar con el costo. Pregunta antes de "
      "quedarte sin medicamento, no después.",
      "Peça à farmácia lembretes de reposição e pergunte se um programa de apoio pode ajudar com o custo. Pergunte antes de acabar o "
      "remédio, não depois."}},
    {"diabetes_2", "motivacion",
     {"Small steps count", "Los pasos pequeños cuentan", "Pequenos passos contam"},
     {"Celebrate each week you keep the routine. Sharing your goal with someone close makes it easier to keep going on hard days.",
      "Celebra cada semana que mantienes la rutina. Contarle tu meta a alguien cercano hace más fácil seguir en los días difíciles.",
      "Comemore cada semana em que você mantém a rotina. Contar sua meta a alguém próximo facilita seguir nos dias difíceis."}},
    {"vih", "olvido",
     {"A daily alarm with a discreet label", "Una alarma diaria con un nombre discreto", "Um alarme diário com um nome discreto"},
     {"Set a daily phone alarm with a label only you understand. A small spare supply in your bag helps when you are away from home "
      "at the usual time.",
      "Pon una alarma diaria en el teléfono con un nombre que solo tú entiendas. Una pequeña reserva en el bolso ayuda cuando estás "
      "fuera de casa a la hora de siempre.",
      "Configure um alarme diário no celular com um nome que só você entende. Uma pequena reserva na bolsa ajuda quando você está "
      "fora de casa no horário de sempre."}},
    {"vih", "rutina",
     {"Same time, every day", "A la misma hora, todos los días", "Mesmo horário, todos os dias"},
     {"Pick a time that works on weekdays and weekends alike, such as bedtime. Keeping to it matters more than the exact hour you choose.",
      "Elige una hora que funcione igual entre semana y el fin de semana, como la hora de dormir. Mantenerla importa más que la hora "
      "exacta que elijas.",
      "Escolha um horário que funcione igual nos dias úteis e no fim de semana, como a hora de dormir. Mantê-lo importa mais que a "
      "hora exata escolhida."}},
    {"vih", "viajes",
     {"Travel kit and paperwork", "Botiquín de viaje y papeles", "Kit de viagem e documentos"},
     {"Pack your medicine in your hand luggage with a copy of your prescription, and check the rules of the country you visit before "
      "you go. Your clinic can help with a letter for the journey.",
      "Lleva tu medicamento en el equipaje de mano con una copia de la receta, y revisa las normas del país que visitas antes de "
      "salir. Tu clínica puede ayudarte con una carta para el viaje.",
      "Leve o remédio na bagagem de mão com uma cópia da receita e confira as regras do país que vai visitar antes de sair. Sua "
      "clínica pode ajudar com uma carta para a viagem."}},
    {"vih", "costo",
     {"Keep refills on time", "Resurtidos a tiempo", "Reposição em dia"},
     {"Ask your clinic or pharmacy about refill dates and support programmes that cover treatment costs. Put the next refill in your "
      "calendar the day you collect.",
      "Pregunta en tu clínica o farmacia por las fechas de resurtido y los programas de apoyo que cubren el tratamiento. Anota el "
      "próximo resurtido en tu calendario el mismo día que lo recoges.",
      "Pergunte na clínica ou na farmácia sobre as datas de reposição e os programas de apoio que cobrem o tratamento. Anote a "
      "próxima reposição na agenda no mesmo dia em que retirar."}},
    {"vih", "motivacion",
     {"You are not alone", "No estás solo", "Você não está sozinho"},
     {"Peer support groups and your care team can help when taking medicine every day feels heavy. Talking about it is part of "
      "looking after yourself.",
      "Los grupos de apoyo entre pares y tu equipo de salud pueden ayudar cuando tomar el medicamento cada día se hace pesado. "
      "Hablarlo es parte de cuidarte.",
      "Grupos de apoio entre pares e sua equipe de saúde podem ajudar quando tomar o remédio todo dia fica pesado. Falar sobre isso "
      "faz parte de se cuidar."}},
    {"warfarina", "olvido",
     {"Tick it off, never guess", "Márcalo, no adivines", "Marque, não adivinhe"},
     {"Mark each day's tablet on a calendar as you take it. If you cannot remember whether you took it, do not guess: call your "
      "anticoagulation clinic or your pharmacist and ask.",
      "Marca en un calendario la pastilla de cada día al tomarla. Si no recuerdas si la tomaste, no adivines: llama a tu clínica de "
      "anticoagulación o a tu farmacéutico y pregunta.",
      "Marque no calendário o comprimido de cada dia ao tomá-lo. Se não lembrar se tomou, não adivinhe: ligue para sua clínica de "
      "anticoagulação ou para o farmacêutico e pergunte."}},
    {"warfarina", "rutina",
     {"Same time, and tell every professional", "Misma hora, y avisa a todos", "Mesmo horário, e avise a todos"},
     {"Take it at the same time each evening, and tell every doctor, dentist and pharmacist that you take a blood thinner before any "
      "new treatment.",
      "Tómala a la misma hora cada noche y avisa a todo médico, dentista y farmacéutico que tomas un anticoagulante antes de cualquier "
      "tratamiento nuevo.",
      "Tome no mesmo horário toda noite e avise a todo médico, dentista e farmacêutico que você usa um anticoagulante antes de "
      "qualquer tratamento novo."}},
    {"warfarina", "viajes",
     {"Plan your check-ups around the trip", "Planifica tus controles según el viaje", "Planeje seus controles conforme a viagem"},
     {"Before travelling, agree with your anticoagulation clinic when your next check-up will be and carry its contact details. Pack "
      "the tablets in your hand luggage, in their original box.",
      "Antes de viajar, acuerda con tu clínica de anticoagulación cuándo será tu próximo control y lleva sus datos de contacto. "
      "Guarda las pastillas en el equipaje de mano, en su caja original.",
      "Antes de viajar, combine com sua clínica de anticoagulação quando será o próximo controle e leve os contatos dela. Guarde os "
      "comprimidos na bagagem de mão, na caixa original."}},
    {"warfarina", "efectos_molestos",
     {"Keep your meals steady and report changes", "Mantén tus comidas estables y cuenta los cambios",
      "Mantenha as refeições estáveis e conte as mudanças"},
     {"Try to keep what you eat each week similar rather than making big changes, and tell your clinic about any new medicine or "
      "supplement. Report anything that worries you to your care team.",
      "Procura que lo que comes cada semana sea parecido, sin grandes cambios, y cuéntale a tu clínica si empiezas otro medicamento o "
      "suplemento. Informa a tu equipo de salud de todo lo que te preocupe.",
      "Procure manter parecido o que você come a cada semana, sem grandes mudanças, e conte à clínica se começar outro remédio ou "
      "suplemento. Informe à equipe de saúde tudo o que preocupar você."}},
    {"warfarina", "costo",
     {"Do not run out", "Que no se te acabe", "Não deixe acabar"},
     {"Ask your pharmacy to remind you before the box runs out, and tell your care team early if the cost is a problem; they can look "
      "for a way before you run out.",
      "Pide a tu farmacia que te avise antes de que se acabe la caja y cuéntale pronto a tu equipo de salud si el costo es un "
      "problema; pueden buscar una salida antes de que te quedes sin pastillas.",
      "Peça à farmácia um aviso antes de a caixa acabar e conte logo à equipe de saúde se o custo for um problema; eles podem buscar "
      "uma saída antes que os comprimidos acabem."}},
    {"asma", "rutina",
     {"Keep the inhaler where you start the day", "Deja el inhalador donde empiezas el día", "Deixe a bombinha onde você começa o dia"},
     {"Keep your daily inhaler next to your toothbrush and use it at the same moment every morning. Rinse your mouth afterwards if "
      "your care team told you to.",
      "Deja tu inhalador diario junto al cepillo de dientes y úsalo en el mismo momento cada mañana. Enjuágate la boca después si tu "
      "equipo de salud te lo indicó.",
      "Deixe sua bombinha diária ao lado da escova de dentes e use no mesmo momento toda manhã. Enxágue a boca depois se sua equipe "
      "de saúde orientou."}},
    {"asma", "viajes",
     {"Both inhalers in your hand luggage", "Los dos inhaladores en el equipaje de mano", "As duas bombinhas na bagagem de mão"},
     {"Travel with your daily and your reliever inhalers in your hand luggage, together with your written asthma plan. Check the "
      "counter or pack a spare before you leave.",
      "Viaja con tu inhalador diario y el de rescate en el equipaje de mano, junto con tu plan escrito para el asma. Revisa el "
      "contador o lleva uno de repuesto antes de salir.",
      "Viaje com a bombinha diária e a de resgate na bagagem de mão, junto com seu plano escrito para a asma. Confira o contador ou "
      "leve uma reserva antes de sair."}},
    {"asma", "efectos_molestos",
     {"Ask for a technique check", "Pide que revisen tu técnica", "Peça para revisarem sua técnica"},
     {"A hoarse voice or a sore mouth can come from how the inhaler is used. Ask your pharmacist or nurse to watch your technique; "
      "a spacer may help, if they suggest one.",
      "La ronquera o la boca irritada pueden venir de cómo se usa el inhalador. Pide a tu farmacéutico o enfermera que observe tu "
      "técnica; una cámara espaciadora puede ayudar si te la sugieren.",
      "Rouquidão ou boca irritada podem vir da forma de usar a bombinha. Peça ao farmacêutico ou à enfermeira para observar sua "
      "técnica; um espaçador pode ajudar, se eles sugerirem."}},
    {"asma", "motivacion",
     {"Feeling well is the point", "Sentirte bien es la meta", "Sentir-se bem é o objetivo"},
     {"Daily asthma medicine helps most when you feel fine, which is when it is easiest to forget why. Notice what you can do now, "
      "like walks or sleeping through the night, and keep the habit.",
      "El medicamento diario para el asma ayuda más cuando te sientes bien, justo cuando es más fácil olvidar por qué. Fíjate en lo "
      "que hoy puedes hacer, como caminar o dormir toda la noche, y mantén el hábito.",
      "O remédio diário da asma ajuda mais quando você se sente bem, justamente quando é mais fácil esquecer por quê. Repare no que "
      "você consegue fazer agora, como caminhar ou dormir a noite toda, e mantenha o hábito."}},
};

// RF-01 … RF-06: the acute list.
const TriRow kRedFlagRows[] = {
    {"chest pain", "dolor en el pecho", "dor no peito"},
    {"severe shortness of breath", "falta de aire grave", "falta de ar grave"},
    {"bleeding that won't stop", "sangrado que no para", "sangramento que não para"},
    {"fainted", "me desmayé", "desmaiei"},
    {"confusion with very low sugar", "confusión con el azúcar muy bajo", "confusão com açúcar muito baixo"},
    {"thoughts of harming myself", "pensamientos de hacerme daño", "pensamentos de me machucar"},
};

// SA-01 … SA-04: symptoms a person should hear about, deliberately not on the acute list.
const TriRow kSubacuteRows[] = {
    {"dizzy since starting", "mareos desde que empecé", "tontura desde que comecei"},
    {"persistent cough", "tos persistente", "tosse persistente"},
    {"swollen ankles", "tobillos hinchados", "tornozelos inchados"},
    {"unusual bruising", "moretones inusuales", "hematomas incomuns"},
};

json::Value tri(const TriRow& t) { return to_json(Tri{t.en, t.es, t.pt}); }

json::Value bil(const char* es, const char* en) { return json::Object{{"es", json::Value(es)}, {"en", json::Value(en)}}; }

std::string numbered(const char* prefix, std::size_t n) { return std::string(prefix) + (n < 10 ? "0" : "") + std::to_string(n); }

json::Value named(const NamedRow& r) { return json::Object{{"id", json::Value(r.id)}, {"nombre", tri(r.nombre)}}; }

}  // namespace

json::Value to_json(const Tri& t) {
    return json::Object{{"en", json::Value(t.en)}, {"es-419", json::Value(t.es419)}, {"pt-BR", json::Value(t.ptbr)}};
}

const std::string& Tri::in(std::string_view locale) const {
    if (locale == "es-419" || locale == "es") return es419;
    if (locale == "pt-BR") return ptbr;
    return en;
}

bool operator==(const Tri& a, const Tri& b) { return a.en == b.en && a.es419 == b.es419 && a.ptbr == b.ptbr; }

// [SECTION] make_knowledge_base

json::Value make_knowledge_base() {
    json::Array grupos, temas, tarjetas, afecciones, banderas, subagudos, categorias;
    for (const NamedRow& r : kGroupRows) grupos.push_back(named(r));
    for (const NamedRow& r : kTemaRows) temas.push_back(named(r));
    std::size_t n = 0;
    for (const CardRow& r : kCardRows)
        tarjetas.push_back(json::Object{{"id", json::Value(numbered("KB-", ++n))},
                                        {"grupo", json::Value(r.grupo)},
                                        {"tema", json::Value(r.tema)},
                                        {"titulo", tri(r.titulo)},
                                        {"texto", tri(r.texto)}});
    for (const NamedRow& r : kConditionRows) afecciones.push_back(named(r));
    n = 0;
    for (const TriRow& r : kRedFlagRows) banderas.push_back(json::Object{{"id", json::Value(numbered("RF-", ++n))}, {"sintoma", tri(r)}});
    n = 0;
    for (const TriRow& r : kSubacuteRows) subagudos.push_back(json::Object{{"id", json::Value(numbered("SA-", ++n))}, {"sintoma", tri(r)}});
    for (std::string_view c : kOutOfScope) categorias.push_back(json::Value(std::string(c)));
    json::Value kb = json::Object{
        {"formato", json::Value("planlang-base-conocimiento/v1")},
        {"id", json::Value("base-adherencia")},
        {"version", json::Value("1.0.0")},
        {"demo_id", json::Value("adherencia")},
        {"dominio_id", json::Value("dom-adherencia")},
        {"nombre", bil("Base de conocimiento sintética del acompañante de adherencia", "Synthetic knowledge base of the adherence coach")},
        {"aviso", bil("Contenido sintético para una demostración, no contenido clínico: tarjetas de hábitos y organización, sin dosis, "
                      "cambios de medicamento, diagnósticos ni valores de laboratorio.",
                      "Synthetic content for a demonstration, not clinical content: cards about habits and organisation, with no "
                      "doses, medicine changes, diagnoses or lab values.")},
        {"grupos", std::move(grupos)},
        {"temas", std::move(temas)},
        {"tarjetas", std::move(tarjetas)},
        {"afecciones_sin_tarjeta", std::move(afecciones)},
        {"banderas_rojas", std::move(banderas)},
        {"sintomas_subagudos", std::move(subagudos)},
        {"categorias_fuera_de_alcance", std::move(categorias)},
        {"huella", json::Value(nullptr)},
    };
    const std::string h = json::huella(kb);
    *kb.find("huella") = json::Value(h);
    return kb;
}

// [SECTION] Lookups

namespace {
template <class T>
const T* by_id(const std::vector<T>& items, std::string_view id) {
    for (const T& item : items)
        if (item.id == id) return &item;
    return nullptr;
}
}  // namespace

const Card* KnowledgeBase::card(std::string_view id) const { return by_id(tarjetas, id); }
const Named* KnowledgeBase::group(std::string_view id) const { return by_id(grupos, id); }
const Named* KnowledgeBase::tema(std::string_view id) const { return by_id(temas, id); }

std::vector<const Card*> KnowledgeBase::cards_of_group(std::string_view grupo) const {
    std::vector<const Card*> out;
    for (const Card& c : tarjetas)
        if (c.grupo == grupo) out.push_back(&c);
    return out;
}

std::vector<const Card*> KnowledgeBase::cards_of_tema(std::string_view t) const {
    std::vector<const Card*> out;
    for (const Card& c : tarjetas)
        if (c.tema == t) out.push_back(&c);
    return out;
}

}  // namespace planlang::synth::adherencia
