# SPDX-License-Identifier: MIT
"""Ours / paper for the cross-architecture tables (the scripts' own tables quote the papers without ratios).

Each ratio names both units: instructions against cycles is no like-for-like comparison (an in-order core
spends at least one cycle per instruction, so a ratio below 1 is necessary, not sufficient, to be faster).
"""
from .md import ratio, table
from .papers import FEA_ROWS, FEA_TABLE8, FEA_TABLE8_HZ, RV32_KBC_TABLE6, TJ_AVR_GAIN

RV32_PAPER_METHOD = {"aria-128": "rv32i-table", "lea-128": "rv32i", "pipo-64-128": "rv32i"}


def get(recs, **kw):
    r = next((r for r in recs if all(r.get(k) == v for k, v in kw.items())), None)
    return r["median"] if r else None


def x(v):
    return ratio(v)


def rv32(recs):
    rows = []
    for prim, impl in RV32_PAPER_METHOD.items():
        paper = RV32_KBC_TABLE6[prim]
        lens = sorted({r["msg_len"] for r in recs if (r["primitive"], r["impl"], r["op"]) == (prim, impl, "encrypt")})
        for n in (lens[0], lens[-1]) if lens else ():
            ins = get(recs, primitive=prim, impl=impl, op="encrypt", msg_len=n)
            rows.append([prim, "`%s`" % impl, "%d B" % n, "%.2f" % (ins / n), "%g" % paper, x(ins / n / paper)])
    if not rows:
        return ""
    return "\n".join(["Ours / paper ([RV32-KBC] Table 6, the paper's method): our RV32I **instructions**/byte over the "
                      "E31's **cycles**/byte:", "",
                      table(["cipher", "backend", "message", "ours: instructions/byte", "paper: E31 cycles/byte",
                             "ours / paper"], rows)])


def avr(recs):
    out = []
    rows = []
    steps = {"tinyjambu-128": "P1024", "tinyjambu-192": "P1152", "tinyjambu-256": "P1280"}
    for prim, perm in steps.items():
        for fig, op, msg in (("Fig. 6", perm, 0), ("Fig. 7", "encrypt", 8), ("Fig. 7", "decrypt", 8)):
            ref = get(recs, primitive=prim, impl="paper-ref-c", op=op, msg_len=msg)
            rs = get(recs, primitive=prim, impl="avr-rs", op=op, msg_len=msg)
            if ref and rs:
                lo, hi = TJ_AVR_GAIN[fig]
                sp = ref / rs
                rows.append([fig, prim, op, x(sp), "%g-%gx" % (lo, hi), "%s-%s" % (x(sp / hi), x(sp / lo))])
    if rows:
        out += ["Ours / paper ([TJ-AVR]): the gain of `avr-rs` over the reference C (**cycles** / **cycles**, "
                "ATmega128) over the paper's stated range:", "",
                table(["figure", "", "operation", "ours: paper-ref-c / avr-rs", "paper", "ours / paper"], rows)]
    rows = []
    for prim in FEA_ROWS:
        p = FEA_TABLE8[prim]
        for op, paper in (("key_schedule", p[4]), ("encrypt", p[5])):
            c = get(recs, primitive=prim, impl="naive", op=op, mcu="atmega328p")
            if c:
                ms = c / FEA_TABLE8_HZ["avr"] * 1e3
                rows.append([prim, op, "%.2f" % ms, "%g" % paper, x(ms / paper)])
    if rows:
        out += ["Ours / paper ([FEA-OPT] Table 8, ATmega328P, `naive`): **ms** = simavr cycles / 16 MHz, the "
                "paper's **ms**:", "", table(["variant", "operation", "ours: ms", "paper: ms", "ours / paper"], rows)]
    return "\n".join(out)


def armv7m(recs):
    rows = []
    for prim in FEA_ROWS:
        p = FEA_TABLE8[prim]
        for impl, op, paper in (("naive", "key_schedule", p[0]), ("naive", "encrypt", p[1]),
                                ("table-paper", "key_schedule", p[2]), ("table-paper", "encrypt", p[3])):
            ins = get(recs, primitive=prim, impl=impl, op=op)
            if ins:
                cyc = paper * 1e-3 * FEA_TABLE8_HZ["m3"]
                rows.append([prim, "`%s`" % impl, op, "%d" % ins, "%.0f" % cyc, x(ins / cyc)])
    if not rows:
        return ""
    return "\n".join(["Ours / paper ([FEA-OPT] Table 8, AT91SAM3X8E): our Cortex-M3 **instructions** over the paper's "
                      "**cycles** (its ms x 84 MHz):", "",
                      table(["variant", "backend", "operation", "ours: instructions", "paper: cycles", "ours / paper"],
                            rows)])


RATIOS = {"rv32": (rv32, "rv32.jsonl"), "avr": (avr, "avr.jsonl"), "armv7m": (armv7m, "armv7m.jsonl")}
