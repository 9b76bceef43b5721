# SPDX-License-Identifier: MIT
"""Section: cross-architecture results (scripts/bench.sh runs the emulated benchmarks)."""
import gzip
import json
import os

from .load import Data
from .md import backends, fmt, prim_key, quote, table
from .papers import FEA_PAPER, FEA_ROWS, PIPO_ARM_TABLE6
from .cross_ratios import RATIOS


CROSS = [("rv32", "rv32-table6.md", "RV32I, [RV32-KBC] Table 6: retired instructions (qemu-system-riscv32 -icount) "
          "beside the paper's SiFive E31 cycles; HIGHT and CHAM beside them", "scripts/rv32-bench.sh"),
         ("avr", "avr-tables.md", "AVR, [TJ-AVR] Figs. 6–7 and [FEA-OPT] Table 8 (ATmega328P), PIPO, HIGHT and "
          "CHAM: exact cycles (simavr)", "scripts/avr-bench.sh"),
         ("armv7m", "armv7m-tables.md", "Cortex-M3, [FEA-OPT] Table 8: retired instructions (qemu-system-arm trace) "
          "beside the paper's milliseconds", "scripts/armv7m-bench.sh"),
         ("aarch64", "aarch64.jsonl", "AArch64, every backend: executed and static instructions (qemu-aarch64 "
          "trace, objdump) beside [PIPO-ARM] Table 6 (A10X) and [FEA-OPT] Table 7 (Cortex-A53)",
          "scripts/aarch64-static-counts.sh")]
NEON_PAPER = {"neon8": 1, "neon16": 2, "neon8-least": 3, "neon16-least": 4}   # index into PIPO_ARM_TABLE6's tuple
FEA_A53 = {"naive": 1, "table-paper": 3, "neon-paper": 5}   # our backend -> FEA_PAPER["Table 7"] column (encryption, ms)


def read_status(crossdir):
    st = {}
    path = os.path.join(crossdir, "cross-status.tsv") if crossdir else None
    if path and os.path.exists(path):
        for line in open(path):
            f = line.rstrip("\n").split("\t")
            if len(f) >= 3:
                st[f[0]] = (f[1], f[2], f[3] if len(f) > 3 else "")
    return st


def demote(md):
    return "\n".join("#" + l if l.startswith("#") else l for l in md.splitlines()) + "\n"


def read_jsonl(path):
    """JSON lines from path, or from path.gz; [] when neither exists."""
    for p in (path, path + ".gz"):
        if os.path.exists(p):
            with (gzip.open(p, "rt") if p.endswith(".gz") else open(p)) as f:
                recs = [json.loads(l) for l in f if l.startswith("{")]
            for r in recs:   # old records name FEA's 16 KiB table `table`, which is not [FEA-OPT]'s (`table-paper`)
                if r.get("impl") == "table" and str(r.get("primitive", "")).startswith("fea"):
                    r["impl"] = "table-16k"
            return recs
    return []


def aarch64_table(path):
    """The AArch64 section's body: aarch64.jsonl (instruction counts) and, beside it, aarch64-time.jsonl
    (`kcipher bench` under qemu-aarch64)."""
    recs = read_jsonl(path)
    if not recs:
        return "No records.\n"

    def static(r):
        return "%d" % r["static_instructions"] if r.get("static_instructions") is not None else "–"

    r0 = recs[0]
    out = [("Two figures per backend, both **instructions**, for AArch64 code built by %s: **executed** "
            "instructions per block (per message for TinyJAMBU), counted exactly from qemu's execution trace (%s) "
            "as the difference between runs with N and N + STEP inputs, so the call, key schedule and start-up "
            "drop out; and **static** instructions, the code size of the backend's object file "
            "(`aarch64-linux-gnu-objdump -d` of `src/FAMILY/BACKEND.c.o`: encryption, decryption and key schedule, "
            "with what it inlines from shared headers). QEMU models no cycles, so no AArch64 cycle figure of ours "
            "exists; the papers' figures are cycles or milliseconds measured on real ARM cores (Apple A10X Fusion "
            "in [PIPO-ARM], Cortex-A53 in [FEA-OPT]), quoted as they are. A wide out-of-order core such as the A10X "
            "retires several instructions per cycle, so instructions and cycles bound each other only loosely.")
           % (r0.get("compiler", "aarch64-linux-gnu-gcc"), r0.get("emulator", "qemu-aarch64")), ""]

    blocks = [r for r in recs if r.get("kind", "block") == "block"]
    if blocks:
        rows = []
        for r in blocks:
            bs = 8 if r["primitive"].startswith("pipo-64") else 16
            if r["primitive"].startswith("rijndael-"):
                bs = int(r["primitive"].split("-")[1]) // 8
            paper = PIPO_ARM_TABLE6.get(r["primitive"])
            k = NEON_PAPER.get(r["impl"])
            p = paper[k] if paper and k is not None else None
            rows.append([r["primitive"], r["impl"], "%.2f" % r["value"], "%.2f" % (r["value"] / bs),
                         quote(p) if p else "–", "%.2fx" % (r["value"] / bs / p) if p else "–", static(r)])
        out += ["#### Block ciphers: instructions per block", "",
                table(["", "backend", "instructions/block", "instructions/byte",
                       "paper ([PIPO-ARM] Table 6): same method, A10X cycles/byte",
                       "ours / paper (instructions/byte over cycles/byte)", "static instructions"], rows)]
        papers = ["%s: ref C %s, 8-way %s, 16-way %s, 8-way LA %s, 16-way LA %s" % ((p,) + tuple(quote(x) for x in v))
                  for p, v in PIPO_ARM_TABLE6.items()]
        out.append("[PIPO-ARM] Table 6 (Apple A10X Fusion, Xcode -O2, **cycles**/byte): " + "; ".join(papers) + ".\n")

    fea = [r for r in recs if r.get("kind") == "fea"]
    if fea:
        a53 = FEA_PAPER["Table 7"][2]
        rows = []
        for r in fea:
            k = FEA_A53.get(r["impl"])
            i = FEA_ROWS.index(r["primitive"]) if r["primitive"] in FEA_ROWS else None
            p = a53[i][k] if k is not None and i is not None else None
            rows.append([r["primitive"], r["impl"], "%.2f" % r["value"], static(r), quote(p) if p else "–",
                         "%.0f" % (r["value"] / (p * 1e3)) if p else "–"])
        out += ["#### FEA: instructions per %d-bit block (`kc_fea_encrypt_tweaks`, a tweak per block)"
                % fea[0].get("bits", 64), "",
                table(["", "backend", "instructions/block", "static instructions",
                       "paper ([FEA-OPT] Table 7): same method, Cortex-A53 ms/block (63 bits)",
                       "ours / paper: instructions per µs of the paper's time"], rows),
                "[FEA-OPT] Table 7 (ARM Cortex-A53, GCC, Ubuntu MATE; **milliseconds** per encryption, clock not "
                "stated) has naive, table and NEON columns (`table-paper` and `neon-paper` reproduce its methods); "
                "our `ct`, `neon` and `table-16k` (16 KiB of tables) have no counterpart there. The ratio is the "
                "instruction rate (per µs) an A53 would need to match the paper's time with our code.", ""]

    aead = [r for r in recs if r.get("kind") in ("single", "batch")]
    if aead:
        rows, seen = [], []
        for r in aead:
            if (r["primitive"], r["impl"]) not in seen:
                seen.append((r["primitive"], r["impl"]))
        for prim, impl in seen:
            cells = []
            for kind in ("single", "batch"):
                r = next((x for x in aead if (x["primitive"], x["impl"], x["kind"]) == (prim, impl, kind)), None)
                cells += ["%.2f" % r["value"], "%.2f" % (r["value"] / r.get("msg_len", 64))] if r else ["–", "–"]
            rows.append([prim, impl] + cells + [static(next(x for x in aead if (x["primitive"], x["impl"]) ==
                                                               (prim, impl)))])
        out += ["#### TinyJAMBU: instructions per %d-byte message (no associated data)" % aead[0].get("msg_len", 64),
                "", table(["", "backend", "`kc_aead_encrypt`, per message", "per byte",
                           "`kc_aead_encrypt_batch`, per message", "per byte", "static instructions"], rows),
                "No paper measures TinyJAMBU on AArch64 ([TJ-AVR] is AVR).", ""]

    out.append(aarch64_time_table(os.path.join(os.path.dirname(path), "aarch64-time.jsonl")))
    return "\n".join(out)


def aarch64_time_table(path):
    """`kcipher bench` cross-built for AArch64 and run under qemu-aarch64: the host's time, labelled so."""
    out = ["#### AArch64 time under qemu-aarch64 — NOT representative of any ARM core", ""]
    lines = read_jsonl(path)
    run = next((r for r in lines if r.get("type") == "run"), {})
    d = Data([run], [r for r in lines if r.get("type") == "measurement"], [])
    if not d.recs:
        return "\n".join(out + ["Not run: no `aarch64-time.jsonl` beside the counts (the emulated `kcipher bench` "
                                "is the last part of the AArch64 step; see `cross-aarch64.log`).", ""])
    emu = run.get("emulated") or d.recs[0].get("emulated")
    out += [("`kcipher bench --quick`, cross-built for AArch64 and run under **%s** on the host (%s; %s). "
             "Unit: **%s of host wall-clock time** while QEMU translates and runs the AArch64 code: this measures "
             "the emulator, not an AArch64 core (NEON and Crypto Extension instructions are emulated in software "
             "and can be slower than scalar code). The run's calibrated \"cycles\" are the emulator's and are not "
             "shown. Beside it, the papers' figures on real hardware, as they are: [PIPO-ARM] Table 6, Apple A10X "
             "Fusion **cycles**/byte; [FEA-OPT] Table 7, ARM Cortex-A53 **milliseconds** per 63-bit FEA block; "
             "no ratio is computed: the emulator's time says nothing about an ARM core. Raw records: "
             "`aarch64-time.jsonl`.")
            % (emu or "qemu-aarch64 (the records do not name it)", run.get("cpu", "?"), run.get("date", "?"),
               d.unit), ""]
    if not emu:
        out += ["**Warning**: these records carry no `emulated` field.", ""]
    rows = []
    for prim in sorted({r["primitive"] for r in d.recs if r["library"] == "kcipher"}, key=prim_key):
        for impl in backends(d, prim):
            def med(**kw):
                r = d.one(library="kcipher", primitive=prim, impl=impl, **kw)
                return r["median"] if r else None

            if prim in FEA_ROWS:
                r = d.one(library="kcipher", primitive=prim, impl=impl, op="encrypt", scenario="paper")
                what = "encrypt one %d-bit block" % r["bits"] if r else None
                per_byte, per_op = None, r and r["median"]
            elif prim.startswith("tinyjambu"):
                what = "AEAD encrypt: 16 KiB / a 64-byte message"
                big, per_op = med(op="encrypt", mode="aead", scenario="bulk", msg_len=16384), \
                    med(op="encrypt", mode="aead", scenario="bulk", msg_len=64)
                per_byte = big / 16384 if big is not None else None
            else:
                what = "ECB 16 KiB / one block"
                big, per_op = med(op="encrypt", mode="ecb", scenario="bulk", msg_len=16384), med(op="encrypt_block")
                per_byte = big / 16384 if big is not None else None
            if per_byte is None and per_op is None:
                continue
            paper = "–"
            if prim in PIPO_ARM_TABLE6 and NEON_PAPER.get(impl) is not None:
                paper = "A10X: %s cycles/byte" % quote(PIPO_ARM_TABLE6[prim][NEON_PAPER[impl]])
            elif prim in FEA_ROWS and FEA_A53.get(impl) is not None:
                a53 = FEA_PAPER["Table 7"][2][FEA_ROWS.index(prim)][FEA_A53[impl]]
                paper = "Cortex-A53: %s ms/block" % quote(a53)
            rows.append([prim, impl, what, fmt(per_byte), fmt(per_op), paper])
    out.append(table(["", "backend", "operation", "emulated: %s/byte" % d.unit, "emulated: %s/operation" % d.unit,
                      "paper, on real hardware"], rows))
    return "\n".join(out)


def section_cross(crossdir):
    out = ["## Cross-architecture: exact counts under emulation", "",
           ("`scripts/bench.sh` runs these before the host benchmark (it installs the cross toolchains and "
            "emulators; `KC_BENCH_CROSS=0` skips them). "
            "Units differ by target and are named in every table: AVR figures are **cycles** (simavr counts the "
            "AVR core's cycles exactly); RV32I, Cortex-M3 and AArch64 figures are **instructions** (QEMU counts "
            "instructions and models no cycles). Instructions are not cycles: the papers' cycle figures are "
            "quoted beside ours for orientation, not as a like-for-like comparison. Raw records with every sample: "
            "`rv32.jsonl`, `avr.jsonl`, `armv7m.jsonl`, `aarch64.jsonl`, `aarch64-time.jsonl` beside this report "
            "(gzipped in `docs/`)."), ""]
    status = read_status(crossdir)
    if not status:
        return "\n".join(out + ["Not run: this report was made without `scripts/bench.sh`'s cross-architecture step "
                                "(no `cross-status.tsv` beside the records).", ""])
    for name, fname, title, script in CROSS:
        state, detail, secs = status.get(name, ("not run", "not attempted", ""))
        path = os.path.join(crossdir, fname)
        out += ["### %s" % title, ""]
        exists = os.path.exists(path) or (fname.endswith(".jsonl") and os.path.exists(path + ".gz"))
        if state != "ran" or not exists:
            out += ["**Not run**: %s (`%s`)." % (detail or state, script), ""]
            continue
        out.append("From `%s`%s." % (script, ", %s s for the whole step" % secs if secs else ""))
        out.append("")
        if fname.endswith(".jsonl"):
            out.append(aarch64_table(path))
        else:
            body = open(path).read()
            body = "\n".join(body.splitlines()[1:])   # its own title is replaced by ours
            out.append(demote(demote(body)))
            fn, records = RATIOS.get(name, (None, None))
            if fn:
                ratios = fn(read_jsonl(os.path.join(crossdir, records)))
                if ratios:
                    out += ["#### Ratios: ours / paper", "", ratios, ""]
    return "\n".join(out)
