# SPDX-License-Identifier: MIT
"""Section: [RC6-RIJ] Figs. 7-8 (RC6 and Rijndael, ECB vs CBC)."""
from .md import backends, figure_md, fmt, table


def section_rc6_rij(d, figs, plots):
    out = ["## [RC6-RIJ] — RC6 and Rijndael, ECB vs CBC (Chung, Chung, Sohn, ETRI), Figs. 7–8", "",
           "The paper simulates a SPARC V9 multiprocessor (\"Raptor\", issue width 8) running the AES-submission "
           "C code and reports IPC: against the message size (one message, makeKey then 1 … 1024 blocks) IPC "
           "rises until 1024 blocks and saturates at 2.8 (Rijndael) and 2.3 (RC6); against the number of "
           "one-block messages (makeKey for each) it reaches 2.7 and 2.2 at 128 messages; ECB is no better "
           "than CBC on one core. Issue width cannot be set and IPC cannot be read from counters here, so we run the "
           "same program — key schedule per message, then ECB or CBC — and report %s including the key schedule; "
           "IPC is estimated below (instructions counted under valgrind / calibrated cycles) and plotted beside "
           "the values the paper's text states." % d.cpb_label,
           ""]
    prims = [p for p in ("rc6-128", "rijndael-128-128", "rijndael-192-128", "rijndael-256-128")
             if d.find(primitive=p, scenario="msgsize")]
    if not prims:
        return "\n".join(out + ["Not measured in this run.", ""])
    rows = []
    for prim in prims:
        for impl in backends(d, prim, scenario="msgsize"):
            for mode in ("ecb", "cbc"):
                ms = sorted(d.find(library="kcipher", primitive=prim, impl=impl, mode=mode, scenario="msgsize"),
                            key=lambda r: r["msg_len"])
                mm = sorted(d.find(library="kcipher", primitive=prim, impl=impl, mode=mode, scenario="messages"),
                            key=lambda r: r["messages"])
                if not ms:
                    continue
                rows.append([prim, impl, mode, fmt(d.per_byte(ms[0])), fmt(d.per_byte(ms[-1])),
                             "%d" % (ms[-1]["msg_len"] // ms[0]["msg_len"]),
                             fmt(d.per_byte(mm[0])) if mm else "–", fmt(d.per_byte(mm[-1])) if mm else "–",
                             "%d" % mm[-1]["messages"] if mm else "–"])
    out.append(table(["", "backend", "mode", "1 block", "largest", "blocks", "1 message", "most messages",
                      "messages"], rows))
    out.append(figure_md(figs, plots, "rc6-rij-figs7-8.png", "[RC6-RIJ] Figs. 7-8: per-byte cost and IPC against message size "
                         "and number of messages"))
    return "\n".join(out)
