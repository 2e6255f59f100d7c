// Scans text that planlang printed in English for Spanish words (issue 31): the format's codes and keys may
// appear, but then as code (`todos_cumplen`), as an UPPER_CASE code, inside a path or a dotted key path, or
// as the one format term the glossary explains (huella). Everything else must be English.
//   node english_scan.mjs FILE...   → one line per finding ("file:line: word — the line"), exit 1 if any
import { readFileSync } from "node:fs";

// Spanish words our outputs could leak, and the format's enumerated values (which English text must put as
// code or translate). Whole words, compared in lower case.
const spanish = new Set(`
de del la las el los lo y o u que por para con sin una uno unos unas al es son fue está están hay ya
caso casos corrida corridas lote lotes umbral umbrales señal señales senal senales riesgo riesgos criterio criterios
supuesto supuestos cumple cumplen incumple incumplen ocurrio ocurrió brecha brechas falta faltan archivo archivos
alta media baja tasa conteo mediana promedio maximo máximo simulado simulada verdadero verdaderos falso sí aprobado
borrador veredicto informe sesión sesion sesiones multiagente humo estandar estándar también después antes nodo nodos
paso pasos traza trazas evaluador evaluadores plan-del-lote uso orden órdenes opción opciones ayuda esperaba valor
todos_cumplen menor_que mayor_que igual_a distinto_de menor_o_igual_que mayor_o_igual_que cumple_con_alertas no_cumple
agente_unico sin_poblacion mal_formado no_ocurrio sin_probar confirmado refutado indeterminado incompleto
enrutador modelo regla pausa_humana herramienta juez_modelo humano borde faltante adversario aprobar negar
aprobar_parcial escalar rechazar
`.trim().split(/\s+/));
const accented = /[áéíóúñÁÉÍÓÚÑ¿¡]/;

let findings = 0;
for (const file of process.argv.slice(2)) {
  const lines = readFileSync(file, "utf8").split("\n");
  lines.forEach((raw, i) => {
    // Not prose: code spans, HTML tags, quoted names ("riesgos" — English messages quote the keys they name),
    // the language codes es|en, an element placed in its file ("riesgos.1.modo @ 41:7"), and the element of
    // an issue line ("planlang: CODE: <element>: message", the element's first part).
    let line = raw.replace(/`[^`]*`/g, " ").replace(/<[^>]*>/g, " ").replace(/"[^"]*"/g, " ").replace(/\bes\|en\b/g, " ")
      .replace(/\S+ @ \d+:\d+/g, " ").replace(/^(planlang: [A-Z][A-Z0-9_]+: )\S+?: /, "$1");
    for (const token of line.split(/[\s,;:()|·→≠≤≥<>=+*"'!?\[\]{}—…]+/)) {
      if (!token) continue;
      const word = token.replace(/^[.]+|[.]+$/g, "");
      if (!word) continue;
      if (/[/\\]/.test(word) || /\.(json|md|js|mjs|sh)$/.test(word)) continue;  // a path
      if (/^[A-Z0-9_]+$/.test(word) && /[A-Z]/.test(word)) continue;            // an UPPER_CASE code
      if (/^[a-z0-9_]+(\.[a-z0-9_]+)+$/i.test(word) && !/^\d/.test(word)) continue;  // a dotted key path
      if (word.toLowerCase() === "huella") continue;                           // the format's term, in the glossary
      const lower = word.toLowerCase();
      if (spanish.has(lower) || accented.test(word)) {
        findings++;
        console.log(`${file}:${i + 1}: ${word} — ${raw.slice(0, 200)}`);
      }
    }
  });
}
process.exit(findings ? 1 : 0);
