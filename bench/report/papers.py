# SPDX-License-Identifier: MIT
"""The papers' own figures, copied from their text (docs/references.md keys)."""


FEA_ROWS = ["fea1-128", "fea1-192", "fea1-256", "fea2-128", "fea2-192", "fea2-256"]
# ms per operation: naive KS, naive enc, table KS, table enc, SIMD KS, SIMD enc
FEA_PAPER = {
    "Table 3": ("Intel Core i7-4790; serial code GCC/Ubuntu, AVX2 code Visual Studio 2015/Windows 10", "AVX2", [
        (0.007, 0.014, 0.0014, 0.0028, 0.0007, 0.0014), (0.009, 0.016, 0.0016, 0.0032, 0.0009, 0.0016),
        (0.010, 0.019, 0.0019, 0.0037, 0.0010, 0.0018), (0.011, 0.019, 0.0021, 0.0043, 0.0011, 0.0021),
        (0.013, 0.023, 0.0028, 0.0052, 0.0014, 0.0025), (0.013, 0.026, 0.0028, 0.0057, 0.0015, 0.0028)]),
    "Table 5": ("Intel Core i5-4590; serial code GCC/Ubuntu, SSE2 code Visual Studio 2015/Windows 10", "SSE2", [
        (0.008, 0.016, 0.0016, 0.0032, 0.0011, 0.0021), (0.009, 0.017, 0.0017, 0.0035, 0.0012, 0.0024),
        (0.010, 0.020, 0.0020, 0.0041, 0.0014, 0.0028), (0.011, 0.021, 0.0024, 0.0046, 0.0016, 0.0032),
        (0.013, 0.025, 0.0030, 0.0057, 0.0020, 0.0037), (0.015, 0.028, 0.0031, 0.0062, 0.0022, 0.0042)]),
    "Table 7": ("ARM Cortex-A53, GCC/Ubuntu MATE", "NEON", [
        (0.056, 0.127, 0.010, 0.024, 0.0038, 0.0074), (0.065, 0.145, 0.011, 0.029, 0.0044, 0.0086),
        (0.076, 0.154, 0.015, 0.031, 0.0051, 0.0099), (0.085, 0.165, 0.016, 0.037, 0.0057, 0.0110),
        (0.102, 0.191, 0.022, 0.043, 0.0070, 0.0128), (0.111, 0.220, 0.024, 0.050, 0.0077, 0.0147)]),
}
RV32_KBC_TABLE6 = {"aria-128": 295.0, "lea-128": 48.44, "pipo-64-128": 259.75}   # optimized RV32I asm, SiFive E31, c/B
PIPO_ARM_TABLE6 = {  # Apple A10X Fusion, -O2, c/B: ref C, 8-way, 16-way, 8-way least-alignment, 16-way least-alignment
    "pipo-64-128": (34.6, 12.0, 6.3, 8.2, 3.9),
    "pipo-64-256": (44.7, 15.6, 8.1, 10.2, 4.8),
}

# [PIPO-ARM] Fig. 7 (A10X cycles per byte against the key-update period). The figure is an image; its text
# gives: the regular-alignment models do not depend on the period (64/128 8-way: 11.97 c/B, the others at their
# Table 6 figure); the 64/128 8-way least-alignment model reaches 11.97 c/B at period 5; least alignment is
# faster from period 6 (64/128, 8-way), 3 (64/128, 16-way), 3 (64/256, 8-way) and 2 (64/256, 16-way).
PIPO_ARM_FIG7 = {  # primitive: {way: (regular-alignment c/B, least alignment faster from this period)}
    "pipo-64-128": {8: (11.97, 6), 16: (6.3, 3)},
    "pipo-64-256": {8: (15.6, 3), 16: (8.1, 2)},
}
PIPO_ARM_FIG7_POINTS = [("pipo-64-128", 8, 5, 11.97)]   # (primitive, way, period, least-alignment c/B)
PIPO_ARM_FIG7_UNREAD = ("The paper's least-alignment curves are in the image only: its text gives the period-"
                        "independent regular-alignment figures, one least-alignment point (64/128, 8 blocks: "
                        "11.97 c/B at period 5) and the period from which least alignment is faster; nothing else "
                        "is read off the figure.")

# [RC6-RIJ] IPC on the simulated Raptor (SPARC V9), from the text of section IV and the conclusion; the
# figures are images. (family, figure, x, IPC, relation): "<=" an upper bound, ">=" a lower bound.
#   Fig. 6: one one-block message; IPC improves up to issue width 8 and, even at 16, "does not exceed 1.4 and
#           0.9" (Rijndael, RC6). The same program at issue width 8 is the first point of Figs. 7 and 8.
#   Fig. 7: issue width 8, one message of 1 ... 1024 blocks: IPC rises to 1024 blocks, saturating at 2.8 / 2.3.
#   Fig. 8: issue width 8, 1 ... 128 one-block messages: 2.7 / 2.2 at 128.
#   Fig. 10: issue width 2 per processor, 4 messages: with 4 processors IPC "above 4.1 (RC6) and 5.5 (Rijndael)".
RC6_RIJ_IPC = [
    ("rc6", "Fig. 6", 16, 0.9, "<="), ("rijndael", "Fig. 6", 16, 1.4, "<="),
    ("rc6", "Fig. 7", 1024, 2.3, "="), ("rijndael", "Fig. 7", 1024, 2.8, "="),
    ("rc6", "Fig. 8", 128, 2.2, "="), ("rijndael", "Fig. 8", 128, 2.7, "="),
    ("rc6", "Fig. 10", 4, 4.1, ">="), ("rijndael", "Fig. 10", 4, 5.5, ">="),
]
RC6_RIJ_SATURATION_WIDTH = 8      # Fig. 6: "improves until the issue width reaches 8"
RC6_RIJ_PRIMS = {"rc6": "rc6-128", "rijndael": "rijndael-128-128"}   # the text does not name Rijndael's block size
RC6_RIJ_UNREAD = ("The paper's figures are images: only the values its text states are drawn (Fig. 6: at most "
                  "0.9 / 1.4 for one one-block message at any issue width up to 16, so also at Figs. 7-8's first "
                  "point; Fig. 7: 2.3 / 2.8 at 1024 blocks; Fig. 8: 2.2 / 2.7 at 128 messages; Fig. 10: above 4.1 / "
                  "5.5 with 4 processors, RC6 / Rijndael). The curves between those points, ECB apart from CBC (the "
                  "text gives one figure for both modes), and the 1- and 2-processor bars of Fig. 10 cannot be read. "
                  "The text does not name Rijndael's block size: its points are drawn beside Rijndael-128.")


def rc6_rij_ipc(family, figure):
    """(x, IPC, relation) of the paper's stated point, or None."""
    return next(((x, v, rel) for f, fig, x, v, rel in RC6_RIJ_IPC if (f, fig) == (family, figure)), None)

# [FEA-OPT] Table 8, ms per operation (63-bit block): AT91SAM3X8E (Cortex-M3, 84 MHz) naive key schedule,
# naive encryption, table key schedule, table encryption; ATmega328P (16 MHz) naive key schedule, encryption.
FEA_TABLE8 = {
    "fea1-128": (1.5, 3.1, 0.4, 0.8, 6.0, 13.0), "fea1-192": (1.8, 3.6, 0.4, 1.0, 7.0, 15.0),
    "fea1-256": (2.0, 4.1, 0.5, 1.2, 8.0, 17.0), "fea2-128": (2.3, 4.6, 0.6, 1.3, 9.0, 19.0),
    "fea2-192": (2.8, 5.4, 0.7, 1.5, 12.0, 22.0), "fea2-256": (3.0, 6.1, 0.8, 1.7, 13.0, 25.0),
}
FEA_TABLE8_HZ = {"m3": 84e6, "avr": 16e6}
# [TJ-AVR]: the text's ranges of reverse shift's gain over the reference code (the bars are images).
TJ_AVR_GAIN = {"Fig. 6": (5.6, 6.24), "Fig. 7": (5.5, 5.87)}
