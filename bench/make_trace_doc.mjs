#!/usr/bin/env node
// Writes a deterministic JSON document shaped like a bundle of planlang traces (spec
// traces-and-verifier.md §3), for the fingerprint benchmark and the huella cross-check:
//
//   node make_trace_doc.mjs OUT_FILE [--mb 50] [--seed 1]
//
// What it contains, because each costs something different in read + huella:
// - nested objects and arrays in disk order (unsorted keys), mostly pretty-printed, some compact;
// - bilingual es/en texts with accents, a third of them in NFD (so NFC has real work), some keys in
//   NFD too, and a few pairs of keys that NFC makes equal (the later one wins, §15.1 rule 2);
// - strings written with \uXXXX escapes (as ensure_ascii writers do), surrogate pairs, \/ escapes,
//   controls, U+2028, lone surrogates (values only; the reader refuses them in keys);
// - keys whose UTF-16 order differs from code point order (U+1F600 vs U+FB33 vs U+E000), integer-like
//   keys (JSON.parse enumerates those first; canonical order must not);
// - numbers of every shape: integers, timestamps, costs, exponents, -0, 1.50, 1E3, long literals,
//   integers past 2^53, subnormals, the largest double;
// - a top-level "huella" (removed before hashing) and nested ones (hashed).
// Same arguments → same bytes (fixed-seed PRNG, no clock).
import fs from 'node:fs';

import { Rng } from '../tests/numbers/rng.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const outFile = args[0];
if (!outFile || outFile.startsWith('--')) {
  console.error('usage: node make_trace_doc.mjs OUT_FILE [--mb 50] [--seed 1]');
  process.exit(2);
}
const targetBytes = Math.round(option('--mb', 50) * 1e6);
const rng = new Rng(option('--seed', 1));

// --------------------------------------------------------------------------------------------- [text]
const phrasesEs = [
  'Autorización previa para resonancia magnética de rodilla', 'El paciente presentó dolor agudo en la región lumbar',
  'Se solicitó evaluación por cardiología pediátrica', 'Revisión humana requerida: la confianza está bajo el umbral',
  'La cobertura excluye cirugía estética según la póliza', 'Niño de ocho años con fiebre persistente',
  'Documentación incompleta: falta la orden médica firmada', 'Decisión: aprobación parcial hasta el tope anual',
  'Prestación exenta por urgencia vital (ley de urgencias)', 'El médico tratante indicó hospitalización en UCI',
  'Se detectó una posible inyección de instrucciones en el texto', 'Diagnóstico: neumonía adquirida en la comunidad',
  'Aclaración pedida al prestador sobre el código de diagnóstico', 'Añadir evidencia: informe de radiografía del tórax',
  'Coordinación con la aseguradora complementaria', 'Información sobre el derecho a reclamación ante la Superintendencia',
];
const phrasesEn = [
  'Prior authorization for a knee MRI', 'The patient presented acute lower-back pain',
  'A paediatric cardiology assessment was requested', 'Human review required: confidence below the threshold',
  'Coverage excludes cosmetic surgery under the policy', 'Eight-year-old child with persistent fever',
  'Incomplete documents: the signed medical order is missing', 'Decision: partial approval up to the annual cap',
  'Exempt service: life-threatening emergency (emergency law)', 'The treating physician ordered ICU admission',
  'A possible prompt injection was detected in the text', 'Diagnosis: community-acquired pneumonia',
  'Clarification requested from the provider about the diagnosis code', 'Add evidence: chest X-ray report',
  'Coordination with the supplementary insurer', 'Information about the right to appeal to the regulator',
];
const extras = ['Ångström', 'crème brûlée', 'Việt Nam', '한국어 안내', 'Straße', 'ﬁcha', 'naïve façade',
  'São Paulo', 'Ñandú', 'Zürich', '„Anführungszeichen“', 'résumé — «guillemets»', 'Ωmega', 'x²+y²', 'ｆｕｌｌ'];
const nodes = ['enrutador', 'extractor', 'verificador_cobertura', 'aclaracion', 'decision', 'pausa_humana',
  'redactor', 'guardia_salida', 'cierre'];

// Raw JSON text the serializer copies verbatim: number literals and pre-escaped strings.
class Raw { constructor(text) { this.text = text; } }

// A string as an ensure_ascii writer puts it on disk: every non-ASCII UTF-16 unit as \uXXXX (hex digits
// in either case; JSON allows both).
function asciiEscaped(s, r) {
  const upper = r.below(2) === 0;
  return new Raw(JSON.stringify(s).replace(/[\u0080-\uffff]/g, (c) => {
    const h = c.charCodeAt(0).toString(16).padStart(4, '0');
    return `\\u${upper ? h.toUpperCase() : h}`;
  }));
}

function text(r, words = 1) {
  let es = [], en = [];
  for (let i = 0; i < words; ++i) {
    const k = r.below(phrasesEs.length);
    es.push(phrasesEs[k]);
    en.push(phrasesEn[k]);
  }
  if (r.below(4) === 0) es.push(r.pick(extras));
  es = es.join('. ') + '.';
  en = en.join('. ') + '.';
  const form = r.below(12);
  if (form < 4) es = es.normalize('NFD');                     // decomposed: NFC must recompose it
  if (form === 4) return { es: asciiEscaped(es, r), en };
  if (form === 5) es += ' \u{1F600} \u2028 \t"cita"\\ ';      // emoji, U+2028, a tab, quotes, backslash
  if (form === 6) return { es: new Raw(JSON.stringify(es).slice(0, -1) + ' \\/ruta\\/a \\ud83d\\ude00 \\u0001"'), en };
  return { es, en };
}

// ------------------------------------------------------------------------------------------ [numbers]
function numberLiteral(r) {
  switch (r.below(16)) {
    case 0: return new Raw(String(r.below(1000)));
    case 1: return new Raw(String(1732900000000 + r.below(100000000)));              // ms timestamps
    case 2: return new Raw((r.below(100000) / 10000).toFixed(4));                    // 0.1230 (trailing zeros)
    case 3: return new Raw(`${r.digits(r.between(1, 4))}e-${r.between(1, 12)}`);
    case 4: return new Raw(`${r.digits(1)}.${r.digits(3)}E+${r.between(0, 30)}`);
    case 5: return new Raw(r.pick(['-0', '-0.0', '0.0', '0e5', '1.0', '1.50', '100e-2', '1E3', '1e21', '1e-7']));
    case 6: return new Raw(r.pick(['0.1000000000000000055511151231257827021181583404541015625', '9007199254740993',
      '123456789012345678901234567890', '5e-324', '1.7976931348623157e308', '2.2250738585072014e-308',
      '333333333.33333329', '0.30000000000000004', '-1.5e-300', '4.35']));
    case 7: return new Raw(`-${r.below(100000)}.${r.digits(2)}`);
    default: return r.below(1000000) / 1000;                                            // plain decimals
  }
}

// -------------------------------------------------------------------------------------------- [trace]
const hex64 = (r) => Array.from({ length: 8 }, () => r.u32().toString(16).padStart(8, '0')).join('');

function trace(r, index) {
  const steps = r.between(6, 14);
  const visited = [];
  const pasos = [];
  let t = 1732900000000 + index * 60000;
  for (let i = 1; i <= steps; ++i) {
    const nodo = r.pick(nodes);
    visited.push(nodo);
    const duracion = r.below(9000);
    pasos.push({
      orden: i, nodo, tipo_nodo: r.below(5) ? 'modelo' : null, inicio_ms: t, duracion_ms: duracion,
      tokens: { entrada: r.below(4000), salida: r.below(1200) },
      costo_nominal_usd: numberLiteral(r), error_proveedor: r.below(40) ? null : 'timeout',
      reintentos_de_esquema: r.below(3), salida: text(r, r.between(1, 3)),
    });
    t += duracion;
  }
  const senales = {
    tipo_atencion: r.pick(['ambulatoria', 'hospitalaria', 'urgencia']), servicio_exento: r.below(2) === 0,
    carga_detectada: r.below(10) === 0, senal_confianza: r.below(1000) / 1000, campos_faltantes_count: r.below(4),
    ciclos_aclaracion: r.below(3), costo_estimado: numberLiteral(r), decision_final: r.pick(['aprobar', 'negar', 'aprobar_parcial']),
  };
  const notas = {};
  for (const k of ['descripción', 'revisión', 'año', 'niño', 'observación']) {
    notas[r.below(3) === 0 ? k.normalize('NFD') : k] = text(r);
  }
  if (r.below(8) === 0) {  // two spellings of one key: the later one (here the NFC spelling) wins
    notas['acción'.normalize('NFD')] = 'primera (NFD)';
    notas['acción'] = 'segunda (NFC)';
  }
  return {
    formato: 'planlang-trace/v1', corrida_id: 'SYN-A-2026-11-29', caso_id: `A-${String(index + 1).padStart(3, '0')}`,
    variante: 'multiagente', resultado: r.below(30) ? 'completo' : 'error', huella: hex64(r),
    pasos, nodos_visitados: visited, senales,
    decisiones_de_arista: Array.from({ length: r.between(2, 8) }, (_, j) => ({
      paso: j + 1, orden_arista: r.below(3) + 1, desde: r.pick(nodes), hacia: r.pick(nodes),
      regla: `senal_confianza < ${(r.below(100) / 100).toFixed(2)} O campos_faltantes_count > 0`, resultado: r.below(2) === 0,
    })),
    pausas_humanas: r.below(3) ? [] : [{
      nodo: 'pausa_humana', paso: r.between(1, steps), rol: 'medico_revisor',
      payload: { motivo: text(r), texto_original: text(r, 6), evidencia: [text(r), text(r)], contraevidencia: [],
        umbral: { declarado: 0.8, aplicado: numberLiteral(r) } },
      respuesta_simulada: { decision: r.pick(['aprobar', 'negar']), politica: 'conservadora' },
    }],
    extraccion: {
      campos: { diagnostico: text(r).es, codigo_cie: `J${r.between(10, 18)}.${r.below(10)}`, monto_solicitado: numberLiteral(r),
        prestador: r.pick(extras), fecha_solicitud: '2026-11-29' },
      campos_faltantes: r.below(3) ? [] : ['orden_medica'], confianza: r.below(1000) / 1000,
      costo_estimado: r.below(5) ? numberLiteral(r) : null, urgencia: r.below(6) === 0,
    },
    salida_final: { ...text(r, r.between(3, 8)), aviso_ia: text(r) },
    documento_adverso: r.below(4) ? null : { completo: true, idiomas: ['es', 'en'], cuerpo: text(r, 10) },
    guardia_salida: { acciones_ejecutadas: [], acciones_intentadas: r.below(2), carga_detectada_en_entrada: false,
      hallazgos: r.below(9) ? [] : [new Raw('"\\ud800 surrogado solitario"')], severidad_accion: r.below(4) },
    // Integer-like keys, and keys where UTF-16 order (U+1F600 < U+E000 < U+FB33) is not code point order.
    metricas: { 17: numberLiteral(r), 3: r.below(10), latencia_p50: numberLiteral(r), '\u{1F600}': 1, '\uFB33': 2,
      '\uE000': 3, 'z': [numberLiteral(r), numberLiteral(r), numberLiteral(r), null, true, false, [], {}] },
    notas,
  };
}

// ---------------------------------------------------------------------------------------- [serialize]
// JSON.stringify cannot emit Raw tokens, so a small writer does it; `pretty` gives disk-like
// two-space indentation, otherwise the trace is compact.
function write(v, pretty, indent, out) {
  if (v instanceof Raw) { out.push(v.text); return; }
  if (v === null || typeof v !== 'object') { out.push(JSON.stringify(v)); return; }
  const inner = pretty ? `\n${indent}  ` : '';
  const close = pretty ? `\n${indent}` : '';
  if (Array.isArray(v)) {
    if (v.length === 0) { out.push('[]'); return; }
    out.push('[');
    v.forEach((x, i) => { out.push(i ? `,${inner}` : inner); write(x, pretty, `${indent}  `, out); });
    out.push(`${close}]`);
    return;
  }
  const keys = Object.keys(v);
  if (keys.length === 0) { out.push('{}'); return; }
  out.push('{');
  keys.forEach((k, i) => {
    out.push(i ? `,${inner}` : inner, JSON.stringify(k), pretty ? ': ' : ':');
    write(v[k], pretty, `${indent}  `, out);
  });
  out.push(`${close}}`);
}

const head = {
  formato: 'planlang-trace-bundle/v1', corrida_id: 'SYN-A-2026-11-29', huella: '0'.repeat(64),
  ficha: { nombre: text(rng), descripcion: text(rng, 4), etiqueta: { es: 'Demostración', en: 'Demo' } },
};
const parts = [];
write(head, true, '', parts);
parts[parts.length - 1] = parts[parts.length - 1].slice(0, -2);  // reopen the object: drop "\n}"
parts.push(',\n  "trazas": [');
let bytes = parts.reduce((n, s) => n + Buffer.byteLength(s), 0);
for (let i = 0; bytes < targetBytes; ++i) {
  const chunk = [i ? ',\n    ' : '\n    '];
  write(trace(rng, i), rng.below(5) !== 0, '    ', chunk);
  const s = chunk.join('');
  bytes += Buffer.byteLength(s);
  parts.push(s);
}
parts.push('\n  ]\n}\n');
fs.writeFileSync(outFile, parts.join(''));
JSON.parse(fs.readFileSync(outFile, 'utf8'));  // a malformed generator fails here, not in the bench
console.log(`make_trace_doc: ${outFile}, ${fs.statSync(outFile).size} bytes`);
