// SPDX-License-Identifier: MIT
package org.kcipher.spark

import scala.collection.mutable
import org.apache.spark.rdd.RDD
import org.apache.spark.sql.{Dataset, SparkSession, SparkSessionExtensions}
import org.apache.spark.sql.catalyst.{FunctionIdentifier, InternalRow}
import org.apache.spark.sql.catalyst.expressions._
import org.apache.spark.sql.catalyst.expressions.codegen.CodegenFallback
import org.apache.spark.sql.catalyst.plans.logical.{Filter, LogicalPlan, Project}
import org.apache.spark.sql.execution.{FilterExec, ProjectExec, SparkPlan, SparkStrategy, UnaryExecNode}
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanHelper
import org.apache.spark.sql.execution.metric.{SQLMetric, SQLMetrics}
import org.apache.spark.sql.internal.SQLConf
import org.apache.spark.sql.types.{DataType, StringType}
import org.apache.spark.unsafe.types.UTF8String
import org.kcipher.{KCipherException, Tokenizer}

/**
 * kc_tokenize(value, format, keyname) / kc_detokenize(...) /
 * kc_retokenize(value, format, from_keyname, to_keyname): one row at a
 * time when Spark evaluates it as an expression (the fallback), a batch of
 * rows a native call when KcStrategy has lifted it into a KcBatchExec.
 * op: "tokenize", "detokenize" or "retokenize".
 */
case class KcCall(children: Seq[Expression], keyring: String, op: String)
    extends Expression with CodegenFallback with ImplicitCastInputTypes {
  override def inputTypes = children.map(_ => StringType)   // (AbstractDataType is private[sql])
  override def dataType: DataType = StringType
  override def nullable: Boolean = true
  override def prettyName: String = "kc_" + op
  override def toString: String = children.mkString(prettyName + "(", ", ", ")")   // not the keyring path

  override def eval(input: InternalRow): Any = {
    val v = children.head.eval(input)
    if (v == null) return null
    val args = children.tail.map(_.eval(input))
    try UTF8String.fromString(KcSql.run(this, args, Array(v.toString))(0)) catch {
      case e: KCipherException if e.row() >= 0 =>   // as KcBatchExec's, without the row (not known here)
        val at = if (e.position() >= 0) s": character ${e.position() + 1} (1-based)" else ""
        throw new KCipherException(e.status(), s"${KcSql.label(this, args)}$at: ${e.status()}", -1, -1)
    }
  }

  override protected def withNewChildrenInternal(c: IndexedSeq[Expression]): KcCall = copy(children = c)
}

/**
 * The child's rows with the calls' results appended, KcSpark.BATCH rows at a
 * time: per call, one native call per (format, keyname[s]) among the batch's
 * rows.  Row order and nulls kept; a value that fails fails the task.
 */
case class KcBatchExec(calls: Seq[KcCall], results: Seq[Attribute], child: SparkPlan) extends UnaryExecNode {
  override def output: Seq[Attribute] = child.output ++ results
  override def simpleString(maxFields: Int): String =
    calls.zip(results).map { case (c, a) => s"$c AS $a" }.mkString(s"$nodeName [", ", ", "]")
  override lazy val metrics: Map[String, SQLMetric] = Map(
    "nativeCalls" -> SQLMetrics.createMetric(sparkContext, "native calls"),
    "values" -> SQLMetrics.createMetric(sparkContext, "values"))
  override protected def withNewChildInternal(c: SparkPlan): KcBatchExec = copy(child = c)

  override protected def doExecute(): RDD[InternalRow] = {
    val bound = calls.map(c => BindReferences.bindReference[Expression](c, child.output).asInstanceOf[KcCall])
    val schema = output
    val nCalls = longMetric("nativeCalls")
    val nValues = longMetric("values")
    child.execute().mapPartitionsWithIndex { (part, rows) =>
      bound.foreach(_.foreach { case n: Nondeterministic => n.initialize(part); case _ => })
      val toUnsafe = UnsafeProjection.create(schema, schema)
      val joined = new JoinedRow
      val res = new GenericInternalRow(bound.length)
      val buf = new mutable.ArrayBuffer[InternalRow](KcSpark.BATCH)
      val out = Array.fill(bound.length)(new Array[UTF8String](KcSpark.BATCH))
      var pos = 0
      var first = 0L   // the batch's first row within the partition, for errors

      def fill(): Unit = {
        first += buf.length
        buf.clear()
        while (buf.length < KcSpark.BATCH && rows.hasNext) buf += rows.next().copy()
        for ((c, j) <- bound.zipWithIndex) {
          val groups = mutable.LinkedHashMap.empty[Seq[Any], mutable.ArrayBuffer[Int]]
          val vals = new Array[String](buf.length)
          for (i <- buf.indices) {
            val v = c.children.head.eval(buf(i))
            out(j)(i) = null
            if (v != null) {
              vals(i) = v.toString
              groups.getOrElseUpdate(c.children.tail.map(_.eval(buf(i))), mutable.ArrayBuffer.empty[Int]) += i
            }
          }
          for ((args, idx) <- groups) {
            val in = idx.map(vals(_)).toArray
            val r = try KcSql.run(c, args, in) catch {
              case e: KCipherException if e.row() >= 0 =>
                val at = if (e.position() >= 0) s", character ${e.position() + 1} (1-based)" else ""
                throw new KCipherException(e.status(), s"${KcSql.label(c, args)}: partition $part, " +
                  s"row ${first + idx(e.row().toInt)} (0-based)$at: ${e.status()}", -1, -1)
            }
            nCalls += 1
            nValues += in.length
            for (n <- idx.indices) out(j)(idx(n)) = UTF8String.fromString(r(n))
          }
        }
        pos = 0
      }

      new Iterator[InternalRow] {
        override def hasNext: Boolean = pos < buf.length || (rows.hasNext && { fill(); pos < buf.length })
        override def next(): InternalRow = {
          if (!hasNext) throw new NoSuchElementException
          for (j <- bound.indices) res.update(j, out(j)(pos))
          pos += 1
          toUnsafe(joined(buf(pos - 1), res))
        }
      }
    }
  }
}

/**
 * Plans a Project or Filter whose expressions call kc_tokenize/kc_detokenize/
 * kc_retokenize as ProjectExec/FilterExec over KcBatchExec.  A call stays per row (its
 * eval) where it is not evaluated for every row (a CASE/IF/COALESCE branch,
 * the right of AND/OR), inside a lambda or subquery, or in another
 * operator (aggregate, join, sort, window, generate, TakeOrderedAndProject).
 */
object KcStrategy extends SparkStrategy {
  override def apply(plan: LogicalPlan): Seq[SparkPlan] = plan match {
    case Project(list, child) if list.exists(liftable(_, child.outputSet).nonEmpty) =>
      val (exprs, exec) = lift(list, child, prune = true)
      ProjectExec(exprs.map(_.asInstanceOf[NamedExpression]), exec) :: Nil
    case Filter(cond, child) if liftable(cond, child.outputSet).nonEmpty =>
      val (Seq(c), exec) = lift(Seq(cond), child, prune = false)
      ProjectExec(child.output, FilterExec(c, exec)) :: Nil
    case _ => Nil
  }

  /** The calls in e evaluated for every row, over the columns in, with no call in their arguments. */
  private def liftable(e: Expression, in: AttributeSet): Seq[KcCall] = e match {
    case k: KcCall if !k.children.exists(_.exists(_.isInstanceOf[KcCall])) =>
      if (k.references.subsetOf(in)) Seq(k) else Nil
    case c: ConditionalExpression => c.alwaysEvaluatedInputs.flatMap(liftable(_, in))
    case a: And => liftable(a.left, in)
    case o: Or => liftable(o.left, in)
    case _: HigherOrderFunction | _: PlanExpression[_] => Nil
    case other => other.children.flatMap(liftable(_, in))
  }

  /** Layer by layer (a call's argument may be a call), the calls replaced by KcBatchExec's columns. */
  private def lift(exprs: Seq[Expression], child: LogicalPlan, prune: Boolean): (Seq[Expression], SparkPlan) = {
    val needed = AttributeSet(exprs.flatMap(_.references))
    // The columns the expressions use, so that a scan below still reads only those.
    val in = if (!prune || child.outputSet.subsetOf(needed)) child else Project(child.output.filter(needed.contains), child)
    var exec = planLater(in)
    var cur = exprs
    var calls = cur.flatMap(liftable(_, exec.outputSet)).distinct
    while (calls.nonEmpty) {
      val attrs = calls.map(c => AttributeReference(c.prettyName, StringType, nullable = true)())
      val m: Map[Expression, Expression] = calls.zip(attrs).toMap
      exec = KcBatchExec(calls, attrs, exec)
      cur = cur.map(_.transformUp { case k: KcCall if m.contains(k) => m(k) })
      calls = cur.flatMap(liftable(_, exec.outputSet)).distinct
    }
    (cur, exec)
  }
}

/** spark.sql.extensions=org.kcipher.spark.KcSparkExtensions (the keyring: spark.kcipher.keyring). */
class KcSparkExtensions extends (SparkSessionExtensions => Unit) {
  override def apply(e: SparkSessionExtensions): Unit = {
    e.injectPlannerStrategy(_ => KcStrategy)
    for (op <- KcSql.Ops)
      e.injectFunction((FunctionIdentifier("kc_" + op), new ExpressionInfo(classOf[KcCall].getName, "kc_" + op),
                        (args: Seq[Expression]) => KcSql.call(args, SQLConf.get.getConfString(KcSql.KeyringConf, ""), op)))
  }
}

object KcSql {
  val KeyringConf = "spark.kcipher.keyring"

  val Ops: Seq[String] = Seq("tokenize", "detokenize", "retokenize")

  def call(args: Seq[Expression], keyring: String, op: String): KcCall = {
    val (n, sig) = if (op == "retokenize") (4, "value, format, from_keyname, to_keyname") else (3, "value, format, keyname")
    if (args.length != n) throw new IllegalArgumentException(s"kc_$op($sig) takes $n arguments, not ${args.length}")
    if (keyring == null || keyring.isEmpty)
      throw new IllegalArgumentException(s"kc_$op: no keyring (KcSpark.register or $KeyringConf)")
    KcCall(args, keyring, op)
  }

  /** c on values, args its format and key name(s) as evaluated (batch); a failing row's index is values'. */
  private[spark] def run(c: KcCall, args: Seq[Any], values: Array[String]): Array[String] = {
    if (args.contains(null)) throw new IllegalArgumentException(s"${c.prettyName}: a null format or key name")
    val Seq(f, k) = args.take(2).map(_.toString)
    val toKey = if (c.op == "retokenize") args(2).toString else null
    if (k == toKey) throw new IllegalArgumentException(s"${label(c, args)}: the same key on both sides")
    batch(c.keyring, c.op, f, k, toKey, values)
  }

  /**
   * op ("tokenize", "detokenize", or "retokenize" into toKey) on values under
   * the keyring's key k in format f: one native call, or (detokenize,
   * retokenize) from a key NAME without @V and a format with embed-version=:
   * one per version the tokens name, each under NAME@V, as the CLI and
   * PostgreSQL do.  A failing row's index is values'.  KcSpark's Dataset
   * methods call this too.
   */
  def batch(keyring: String, op: String, f: String, k: String, toKey: String, values: Array[String]): Array[String] = {
    val to = if (op == "retokenize") KcSpark.tokenizer(keyring, toKey, f) else null
    def one(t: Tokenizer, v: Array[String]) = op match {
      case "tokenize" => t.tokenize(v)
      case "detokenize" => t.detokenize(v)
      case _ => t.retokenize(v, to)
    }
    val t = KcSpark.tokenizer(keyring, k, f)
    val vers = if (op == "tokenize" || k.contains('@')) null else t.tokenVersions(values)
    if (vers == null) return one(t, values)
    val out = new Array[String](values.length)
    for ((v, idx) <- values.indices.groupBy(vers(_))) {
      def fail(e: KCipherException, row: Int) = new KCipherException(e.status(), e.status(), idx(row), e.position())
      val r = try one(if (v == 0) t else KcSpark.tokenizer(keyring, s"$k@$v", f), idx.map(values).toArray) catch {
        case e: KCipherException => throw fail(e, if (e.row() >= 0) e.row().toInt else 0)   // else: NAME@V unknown or retired
      }
      for (n <- idx.indices) out(idx(n)) = r(n)
    }
    out
  }

  /** For messages: kc_tokenize('card', 'cust') (never a value). */
  private[spark] def label(c: KcCall, args: Seq[Any]): String = args.map(a => s"'$a'").mkString(c.prettyName + "(", ", ", ")")

  /** The SQL functions with this keyring and the batch planning in this session (KcSpark.register). */
  def install(spark: SparkSession, keyring: String): Unit = {
    val s = spark.asInstanceOf[org.apache.spark.sql.classic.SparkSession]
    if (!s.experimental.extraStrategies.contains(KcStrategy)) s.experimental.extraStrategies :+= KcStrategy
    for (op <- Ops)
      s.sessionState.functionRegistry.createOrReplaceTempFunction("kc_" + op, args => call(args, keyring, op), "scala_udf")
  }

  private object Plans extends AdaptiveSparkPlanHelper

  private def executed(df: Dataset[_]) = df.asInstanceOf[org.apache.spark.sql.classic.Dataset[_]].queryExecution.executedPlan

  /** For tests and tuning: {native calls, values} of df's batch operators (after an action on df). */
  def nativeCalls(df: Dataset[_]): Array[Long] = {
    val nodes = Plans.collect(executed(df)) { case b: KcBatchExec => b }
    Array(nodes.map(_.metrics("nativeCalls").value).sum, nodes.map(_.metrics("values").value).sum)
  }

  /** df's physical plan as run (after an action: AQE's final plan). */
  def plan(df: Dataset[_]): String = executed(df).toString
}
