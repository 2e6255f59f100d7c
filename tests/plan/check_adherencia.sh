#!/usr/bin/env bash
# The adherence demo's plan (plans/adherencia/): draft and approved validate with no reason, no warning and no
# observation; the approved one passes `check` and `fingerprint --check`; approving the draft again writes the
# approved file byte for byte. Then mutations of the plan's key parts, each one change made with node on a copy:
# each must give its validator code at its element (plan-format.md §11.1), the approval of a SENAL_NO_DECLARADA
# plan is refused, and an approved plan edited without re-sealing fails to load (HUELLA_AUSENTE). Each expected
# code is also looked for in the unchanged draft, where it must be absent: the check can fail.
#   check_adherencia.sh SOURCE_DIR planlang...   e.g. build/native/planlang, or: node build/wasm/planlang.js
set -uo pipefail
src=$1; shift
P=("$@")
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
passed=0; failed=0
ok() { passed=$((passed + 1)); }
ko() { failed=$((failed + 1)); echo "FAIL $*"; }
draft=plans/adherencia/plan-adherencia.borrador.json
plan=plans/adherencia/plan-adherencia.json
pl() { (cd "$src" && "${P[@]}" "$@"); }

# counts FILE.json: "<ok> <motivos> <advertencias> <observaciones>" of a `validate --json` output.
counts() {
  node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    console.log(r.ok, r.motivos.length, r.advertencias.length, (r.observaciones || []).length)' "$1"
}
# has FILE.json LIST CODE ELEMENT: exit 0 iff LIST (motivos|advertencias) of the output holds exactly that
# one reason, and nothing else in that list.
has() {
  node -e 'const [file, list, code, element] = process.argv.slice(1);
    const l = JSON.parse(require("fs").readFileSync(file, "utf8"))[list];
    process.exit(l.length === 1 && l[0].codigo === code && l[0].elemento === element ? 0 : 1)' "$@"
}
# mutate IN OUT JS: OUT = IN with the body JS applied to `p`, written in disk form.
mutate() {
  node -e 'const fs = require("fs"); const p = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
    new Function("p", process.argv[3])(p); fs.writeFileSync(process.argv[2], JSON.stringify(p, null, 2) + "\n")' "$@"
}

# 1. Both files validate clean (plain and --strict), in both languages.
for f in "$draft" "$plan"; do
  for lang in es en; do
    pl validate "$f" --json --lang "$lang" >"$work/v.json" 2>"$work/err"; rc=$?
    [ $rc -eq 0 ] && [ "$(counts "$work/v.json")" = "true 0 0 0" ] && ok || ko "validate $f ($lang) exited $rc: $(counts "$work/v.json" 2>&1)"
  done
  pl validate "$f" --json --strict >"$work/v.json" 2>"$work/err"; rc=$?
  [ $rc -eq 0 ] && [ "$(counts "$work/v.json")" = "true 0 0 0" ] && ok || ko "validate --strict $f exited $rc"
done
# Its id, version and domain, and the risk order the validator computes (§5.1). R12 (S5 O3 D2: row 4–6,
# column 2–3, "BBBB") is low with RPN 30, between R9 (36) and R10 (16).
pl validate "$plan" --json >"$work/v.json" 2>/dev/null
order=$(node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  console.log(r.prioridades.map((x) => x.id + ":" + x.prioridad_de_accion).join(" "))' "$work/v.json")
[ "$order" = "R4:alta R2:alta R1:alta R5:alta R8:media R7:media R3:media R6:media R11:baja R9:baja R12:baja R10:baja" ] \
  && ok || ko "risk order: $order"
ids=$(node -e 'const p = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  console.log(p.id, p.version, p.dominio_id, p.estado_aprobacion, p.aprobado_por + "/" + p.aprobado_el)' "$src/$plan")
[ "$ids" = "plan-adherencia 1.1.0 dom-adherencia aprobado Equipo planlang/2026-12-07" ] && ok || ko "plan identity: $ids"

# 2. The approved plan loads and its fingerprint is the declared one; the draft does not load.
huella=$(pl fingerprint "$plan" 2>/dev/null)
pl check "$plan" >"$work/out" 2>"$work/err"; rc=$?
[ $rc -eq 0 ] && [ "$(cat "$work/out")" = "OK $plan · plan plan-adherencia v1.1.0 · huella $huella" ] && ok || ko "check exited $rc: $(head -c 300 "$work/out" "$work/err")"
pl fingerprint "$plan" --check >/dev/null 2>&1 && ok || ko "fingerprint --check on the approved plan"
pl check "$draft" >/dev/null 2>"$work/err"; rc=$?
[ $rc -eq 1 ] && grep -q 'HUELLA_AUSENTE' "$work/err" && ok || ko "check on the draft exited $rc"

# 3. Approving the draft again reproduces the approved file byte for byte; both files are in disk form.
pl approve "$draft" --by "Equipo planlang" --on 2026-12-07 >"$work/approved.json" 2>"$work/err"; rc=$?
[ $rc -eq 0 ] && cmp -s "$work/approved.json" "$src/$plan" && ok || ko "approve exited $rc or wrote other bytes than $plan"
for f in "$draft" "$plan"; do
  pl canon "$f" | node -e 'const t = require("fs").readFileSync(0, "utf8");
    process.stdout.write(JSON.stringify(JSON.parse(t), null, 2) + "\n")' >"$work/disk.json"
  cmp -s "$work/disk.json" "$src/$f" && ok || ko "$f is not in disk form"
done
pl compat "$draft" "$plan" >/dev/null 2>&1 && ok || ko "draft and approved plan do not share truth"

# 4. Mutations: NAME LIST CODE ELEMENT JS (on a copy of the draft).
mutation() {
  local name=$1 list=$2 code=$3 element=$4 js=$5
  mutate "$src/$draft" "$work/$name.json" "$js" || { ko "$name: could not mutate"; return; }
  pl validate "$work/$name.json" --json >"$work/$name.out" 2>"$work/err"
  has "$work/$name.out" "$list" "$code" "$element" && ok || ko "$name: expected $list $code at '$element', got $(head -c 400 "$work/$name.out")"
  # The same expectation on the unchanged draft must fail.
  pl validate "$draft" --json >"$work/base.out" 2>/dev/null
  has "$work/base.out" "$list" "$code" "$element" && ko "$name: the unchanged draft already gives $code" || ok
}
mutation sin-pausa motivos SIN_PAUSA_HUMANA contrato_de_grafo.pausas_humanas \
  'p.contrato_de_grafo.nodos_esperados.find((n) => n.id === "review_response").tipo = "regla";'
mutation umbral-sin-senal motivos UMBRAL_SIN_SENAL U1 \
  'p.umbrales.find((u) => u.id === "U1").senal = "similitud_media";'
mutation arista-a-nodo-desconocido motivos REFERENCIA_ROTA 'aristas_condicionales[5] (retrieve_context #2)' \
  'p.contrato_de_grafo.aristas_condicionales.find((a) => a.desde === "retrieve_context" && a.orden === 2).si_verdadero = "cierre";'
mutation orden-con-hueco motivos ORDEN_DE_ARISTAS guardrail_pre \
  'p.contrato_de_grafo.aristas_condicionales.find((a) => a.desde === "guardrail_pre" && a.orden === 3).orden = 4;'
mutation criterio-sin-condicion motivos CRITERIO_SIN_REGLA C7 \
  'delete p.criterios_aceptacion.find((c) => c.id === "C7").regla_de_medicion.condicion;'
mutation raiz-no-declarada advertencias SENAL_NO_DECLARADA C10.poblacion \
  'p.criterios_aceptacion.find((c) => c.id === "C10").regla_de_medicion.poblacion = "idioma == '"'es-419'"'";'
mutation alta-sin-mitigacion motivos PRIORIDAD_ALTA_SIN_MITIGACION R4 \
  'p.riesgos.find((r) => r.id === "R4").mitigaciones = [];'
mutation supuesto-critico-sin-prueba motivos SUPUESTO_CRITICO_SIN_PRUEBA S1 \
  'p.supuestos.find((s) => s.id === "S1").prueba_barata.en = " \t ";'
# A warning does not reject the plan, but approval refuses it (§12 step 2) and writes nothing.
[ "$(counts "$work/raiz-no-declarada.out")" = "true 0 1 0" ] && ok || ko "raiz-no-declarada: $(counts "$work/raiz-no-declarada.out")"
pl approve "$work/raiz-no-declarada.json" --by "Equipo planlang" --on 2026-12-06 -o "$work/refused.json" >/dev/null 2>"$work/err"; rc=$?
[ $rc -eq 1 ] && [ ! -e "$work/refused.json" ] && grep -q 'SENAL_NO_DECLARADA' "$work/err" && ok || ko "approve with an undeclared root exited $rc"

# 5. The approved plan edited without sealing again: still valid, but it does not load.
mutate "$src/$plan" "$work/editado.json" 'p.umbrales.find((u) => u.id === "U1").valor_en_plan = 0.7;'
pl validate "$work/editado.json" --json >"$work/editado.out" 2>/dev/null
[ "$(counts "$work/editado.out")" = "true 0 0 0" ] && ok || ko "the edited plan should still validate"
pl check "$work/editado.json" >"$work/out" 2>"$work/err"; rc=$?
[ $rc -eq 1 ] && [ ! -s "$work/out" ] && grep -q "HUELLA_AUSENTE: $work/editado.json: huella" "$work/err" && ok || ko "check of the edited plan exited $rc: $(head -c 300 "$work/err")"
pl fingerprint "$work/editado.json" --check >/dev/null 2>&1; rc=$?
[ $rc -eq 1 ] && ok || ko "fingerprint --check of the edited plan exited $rc"

echo "$passed passed, $failed failed"
[ $failed -eq 0 ] && [ $passed -gt 0 ]
