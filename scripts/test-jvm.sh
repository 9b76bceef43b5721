#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The jvm/ module (README: Java): builds libkcipher_jni and the CLI with
# CMake -DKC_JNI=ON into $KC_BUILD_DIR/jvm (or takes those of the build dir
# $KC_JVM_NATIVE when it has them), then runs the Maven Surefire
# tests against them (the JCA provider against Bouncy Castle and SunJCE,
# misuse, tokenization against the CLI), then jvm/spark's (Spark SQL on
# local[2] against the CLI).  Exits 77 (skipped) only when
# Java 17+ or Maven is absent (scripts/deps.sh test installs both).
# --bench: instead of the tests, the JVM benchmark (jvm/src/test/java/org/
# kcipher/bench/GcmBench.java), its table also in $KC_BENCH_OUT/jvm.tsv.
# jvm/spark builds incrementally into $KC_BUILD_DIR/jvm/spark-maven (zinc
# recompiles what changed, ~30 s less on a repeat run); KC_JVM_CLEAN=1 (or
# removing that directory) makes it build from clean.
set -uo pipefail
cd "$(dirname "$0")/.."
build=${KC_BUILD_DIR:-build}
mkdir -p "$build"
dir=$(cd "$build" && pwd)/jvm
t0=$(date +%s)
for tool in java javac mvn; do
  if ! command -v $tool >/dev/null; then
    echo "skipped: the JVM module needs $tool (apt-get install openjdk-17-jdk-headless maven; scripts/deps.sh test)"
    exit 77
  fi
done
jv=$(javac -version 2>&1 | sed -n 's/^javac \([0-9]*\).*/\1/p')
if [ "${jv:-0}" -lt 17 ]; then
  echo "skipped: the JVM module needs Java 17 or later (javac ${jv:-unknown}; apt-get install openjdk-17-jdk-headless)"
  exit 77
fi
# lib: where libkcipher_jni, libkcipher and the CLI are; KC_JVM_NATIVE names a
# build that made them already (scripts/test.sh: its first, -DKC_JNI=ON).
lib=${KC_JVM_NATIVE:-}
mkdir -p "$dir"
if [ -n "$lib" ] && [ -f "$lib/libkcipher_jni.so" ] && [ -x "$lib/kcipher" ] && [ -f "$lib/libkcipher.so" ]; then
  lib=$(cd "$lib" && pwd)
  echo "== JVM: libkcipher_jni and the CLI of $lib"
else
  lib=$dir
  echo "== JVM: building libkcipher_jni and the CLI ($dir)"
  if ! cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DKC_BUILD_TESTS=OFF -DKC_PEERS=OFF -DKC_JNI=ON \
         >"$dir.configure.log" 2>&1 ||
     ! cmake --build "$dir" -j2 --target kcipher_jni kcipher_cli >"$dir.build.log" 2>&1; then
    tail -40 "$dir.configure.log" "$dir.build.log" 2>/dev/null
    echo "FAILED: JVM native build"
    exit 1
  fi
fi
t1=$(date +%s)
if [ "${1:-}" = --bench ]; then
  out=${KC_BENCH_OUT:-bench-results}
  mkdir -p "$out"
  # The library path too: the classes' native/<platform>/ copy, which org.kcipher.Native loads first, is this build's.
  (cd jvm && mvn -B -q test-compile dependency:build-classpath -Dmdep.includeScope=test \
       -Dmdep.outputFile="$dir/classpath.txt" -Dkcipher.target="$dir/maven" -Dkcipher.library.path="$lib" \
       -Dkcipher.native.platform="linux-$(uname -m)") || { echo "FAILED: JVM benchmark build"; exit 1; }
  java -Djava.library.path="$lib" -cp "$dir/maven/classes:$dir/maven/test-classes:$(cat "$dir/classpath.txt")" \
       org.kcipher.bench.GcmBench "$out/jvm.tsv" || { echo "FAILED: JVM benchmark"; exit 1; }
  # The tokenization row again on one thread (the C batch spreads over the cores, the Java side is serial).
  KC_THREADS=1 java -Dkcipher.bench.only=tokenize -Dkcipher.bench.append=true -Djava.library.path="$lib" \
       -cp "$dir/maven/classes:$dir/maven/test-classes:$(cat "$dir/classpath.txt")" \
       org.kcipher.bench.GcmBench "$out/jvm.tsv" || { echo "FAILED: JVM benchmark (one thread)"; exit 1; }
  # Spark: SQL kc_tokenize (KcBatch) vs the same as a per-row Java UDF, KcSpark.tokenize and, when
  # $build/python-venv (scripts/test-python.sh) has pyspark, Python's mapInArrow: rows appended to jvm.tsv.
  if [ "${KC_JVM_SPARK:-1}" != 0 ]; then
    echo "== JVM: Spark benchmark (local[2])"
    py=$(cd "$build" && pwd)/python-venv/bin/python pyrate=
    if [ -x "$py" ] && "$py" -c 'import pyspark, pyarrow, pandas, cffi' 2>/dev/null &&
       cmake --build "$lib" -j2 --target kcipher_shared >>"$dir.build.log" 2>&1; then
      keys=$(mktemp -d) && "$lib/kcipher" key new cust --cipher ff1-aria-256 --keyring "$keys" >/dev/null &&
      # The same rows as SparkBenchTest through kcipher.spark.tokenize (mapInArrow), median of 3 after a warm-up.
      pyrate=$(PYTHONPATH=$PWD/python KCIPHER_LIBRARY=$lib/libkcipher.so PYSPARK_PYTHON=$py SPARK_LOCAL_IP=127.0.0.1 \
               "$py" - "$keys" 400000 <<'PY' 2>"$dir/spark-python.log" | tail -1
import statistics, sys, time
from pyspark.sql import SparkSession
import kcipher.spark as ks
keys, n = sys.argv[1], int(sys.argv[2])
spark = (SparkSession.builder.master("local[2]").config("spark.ui.enabled", "false")
         .config("spark.ui.showConsoleProgress", "false").getOrCreate())
df = spark.range(0, n, 1, 2).selectExpr("id", "format_string('4%015d', id * 7919 + 13) AS v").cache()
df.count()
run = lambda: ks.tokenize(df, {"v": "card"}, cipher="ff1-aria-256", key_name="cust", keyring=keys) \
    .write.format("noop").mode("overwrite").save()
run()
rates = []
for _ in range(3):
    t = time.perf_counter(); run(); rates.append(n / (time.perf_counter() - t))
spark.stop()
print("%.0f" % statistics.median(rates))
PY
      ) || pyrate=
      rm -rf "$keys"
      [ -n "$pyrate" ] || echo "note: the Python mapInArrow row failed ($dir/spark-python.log)"
    else
      echo "note: no Python mapInArrow row (needs $build/python-venv with pyspark: scripts/test-python.sh)"
    fi
    (cd jvm && mvn -B -q install -DskipTests -Dkcipher.library.path="$lib" -Dkcipher.target="$dir/maven" \
                   -Dkcipher.native.platform="linux-$(uname -m)") &&
    (cd jvm/spark && mvn -B -q test -Dtest=SparkBenchTest -Dkcipher.library.path="$lib" -Dkcipher.cli="$lib/kcipher" \
                   -Dkcipher.target="$dir/spark-maven" -Dkcipher.bench.out="$(cd "$out" && pwd)/jvm.tsv" \
                   -Dkcipher.bench.python="$pyrate") ||
      { echo "FAILED: Spark benchmark"; exit 1; }
  fi
  exit 0
fi
# install = test, then the jar into ~/.m2 for jvm/spark.
echo "== JVM: mvn test (Surefire; Maven's output in $dir/maven)"
plat=linux-$(uname -m)   # the jar's native/<platform>/ (org.kcipher.Native)
if (cd jvm && mvn -B -q clean install -Dkcipher.library.path="$lib" -Dkcipher.cli="$lib/kcipher" \
                               -Dkcipher.target="$dir/maven" -Dkcipher.native.platform="$plat") &&
   # The jar alone (no java.library.path): the native library from inside it.
   jar tf "$dir/maven/kcipher-0.1.0.jar" | grep -qx "native/$plat/libkcipher_jni.so" &&
   env -u LD_LIBRARY_PATH -u KCIPHER_JNI_LIBRARY java -cp "$dir/maven/kcipher-0.1.0.jar:$dir/maven/test-classes" \
       org.kcipher.JarLoadCheck; then
  echo "ok: JVM module (native build $((t1 - t0)) s, Maven $(($(date +%s) - t1)) s)"
else
  echo "FAILED: JVM module (reports in $dir/maven/surefire-reports)"
  exit 1
fi
# Spark SQL on local[2] (KC_JVM_SPARK=0 skips it: Spark is ~300 MB from Maven Central the first time).
if [ "${KC_JVM_SPARK:-1}" != 0 ]; then
  t2=$(date +%s)
  echo "== JVM: Spark SQL functions (jvm/spark, local[2])"
  clean=; [ "${KC_JVM_CLEAN:-0}" = 1 ] && clean=clean
  if (cd jvm/spark && mvn -B -q $clean test -Dkcipher.library.path="$lib" -Dkcipher.cli="$lib/kcipher" \
                                     -Dkcipher.target="$dir/spark-maven"); then
    echo "ok: Spark SQL functions ($(($(date +%s) - t2)) s)"
  else
    echo "FAILED: Spark SQL functions (reports in $dir/spark-maven/surefire-reports)"
    exit 1
  fi
fi
