/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The cause catalogue (see the header). One row per op family; the semantics quote TensorFlow's
 * op reference (tf.math.*, tf.nn.*, tf.linalg.*, raw_ops); the element-wise ones were checked on
 * TensorFlow 2.21 (digamma(0) = NaN, lgamma(0) = +∞, xdivy(1, 0) = +∞, floormod(1, 0) = NaN, the
 * Euclidean norm of nothing = 0, slogdet of a singular matrix = −∞, the max of nothing = −∞,
 * erfinv(1) = +∞, bessel_y1(0) = NaN, bessel_k0(−1) = +∞, expint(−1) = NaN, zeta(1, 2) = +∞,
 * zeta(0.5, 2) = NaN).
 * Order matters only where patterns overlap: the first row matching an op type wins. */

#include "config.h"

#include "tdbg-cause-catalogue.h"

#include <string.h>

#define N TDBG_KIND_NEG_INF
#define P TDBG_KIND_POS_INF
#define Q TDBG_KIND_NAN
#define INF (TDBG_KIND_NEG_INF | TDBG_KIND_POS_INF)
#define ANY TDBG_KIND_ANY

#define ZEROS TDBG_EVIDENCE_ZEROS
#define NEGATIVES TDBG_EVIDENCE_NEGATIVES
#define EMPTY TDBG_EVIDENCE_EMPTY
#define UNSEEN TDBG_EVIDENCE_NONE

/* A rule: kinds, cause, evidence, input, decisive. */
#define R(kinds, cause, evidence, input, decisive) { kinds, TDBG_CAUSE_##cause, evidence, input, decisive }
/* Values grew past the type's range: ±∞ from finite inputs, never NaN. */
#define OVERFLOWS R (INF, OVERFLOW, UNSEEN, -1, FALSE)
/* Sums of products: besides overflowing, partial sums can reach +∞ and −∞ and cancel to NaN. */
#define CANCELS R (Q, INF_MINUS_INF, UNSEEN, -1, FALSE)

static const TdbgCauseRow rows[] = {
  /* ---- element-wise ops with a restricted domain or a pole ---- */
  { "log", " Log ", "tf.math.log: log(0) = −∞, log(x < 0) = NaN",
    { R (N, LOG_OF_ZERO, ZEROS, 0, TRUE), R (Q, LOG_OF_NEGATIVE, NEGATIVES, 0, TRUE) } },
  { "log1p", " Log1p ", "tf.math.log1p: log1p(−1) = −∞, log1p(x < −1) = NaN (a negative input)",
    { R (N, POLE, NEGATIVES, 0, TRUE), R (Q, OUT_OF_DOMAIN, NEGATIVES, 0, TRUE) } },
  { "sqrt", " Sqrt ", "tf.math.sqrt: sqrt(x < 0) = NaN",
    { R (Q, SQRT_OF_NEGATIVE, NEGATIVES, 0, TRUE) } },
  { "rsqrt", " Rsqrt ", "tf.math.rsqrt: rsqrt(0) = +∞, rsqrt(x < 0) = NaN",
    { R (INF, DIVISION_BY_ZERO, ZEROS, 0, TRUE), R (Q, SQRT_OF_NEGATIVE, NEGATIVES, 0, TRUE) } },
  { "reciprocal", " Reciprocal Inv ", "tf.math.reciprocal: 1/0 = ±∞",
    { R (INF, DIVISION_BY_ZERO, ZEROS, 0, TRUE) } },
  { "pow", " Pow ", "tf.math.pow: 0^(y < 0) = +∞, (x < 0)^(non-integer y) = NaN, large x^y overflows",
    { R (P, POLE, ZEROS, 0, FALSE), R (Q, OUT_OF_DOMAIN, NEGATIVES, 0, TRUE), OVERFLOWS } },
  { "arc-sine", " Acos Asin ", "tf.math.acos, tf.math.asin: defined on [−1, 1], NaN outside",
    { R (Q, OUT_OF_DOMAIN, UNSEEN, 0, TRUE) } },
  { "atanh", " Atanh ", "tf.math.atanh: atanh(±1) = ±∞, NaN for |x| > 1",
    { R (INF, POLE, UNSEEN, 0, TRUE), R (Q, OUT_OF_DOMAIN, UNSEEN, 0, TRUE) } },
  { "acosh", " Acosh ", "tf.math.acosh: defined for x ≥ 1, NaN below",
    { R (Q, OUT_OF_DOMAIN, NEGATIVES, 0, TRUE), R (Q, OUT_OF_DOMAIN, ZEROS, 0, TRUE) } },
  { "lgamma", " Lgamma ", "tf.math.lgamma: +∞ at 0 and at the negative integers",
    { R (P, POLE, ZEROS, 0, TRUE), R (P, POLE, NEGATIVES, 0, TRUE) } },
  { "digamma", " Digamma ", "tf.math.digamma: poles at 0 and the negative integers, where TensorFlow gives NaN",
    { R (ANY, POLE, ZEROS, 0, TRUE), R (ANY, POLE, NEGATIVES, 0, TRUE) } },
  { "polygamma", " Polygamma ", "tf.math.polygamma(a, x): poles at x = 0 and the negative integers, "
    "NaN for a non-integer or negative order a",
    { R (ANY, POLE, ZEROS, 1, TRUE), R (ANY, POLE, NEGATIVES, 1, TRUE), R (Q, OUT_OF_DOMAIN, NEGATIVES, 0, TRUE) } },
  { "igamma", " Igamma Igammac IgammaGradA RandomGammaGrad ", "tf.math.igamma(a, x): NaN for a ≤ 0 or x < 0",
    { R (Q, OUT_OF_DOMAIN, NEGATIVES, 1, TRUE), R (Q, OUT_OF_DOMAIN, ZEROS, 0, TRUE),
      R (Q, OUT_OF_DOMAIN, NEGATIVES, 0, TRUE) } },
  { "betainc", " Betainc ", "tf.math.betainc(a, b, x): NaN for a ≤ 0, b ≤ 0 or x outside [0, 1]",
    { R (Q, OUT_OF_DOMAIN, NEGATIVES, 2, TRUE), R (Q, OUT_OF_DOMAIN, ZEROS, 0, TRUE),
      R (Q, OUT_OF_DOMAIN, ZEROS, 1, TRUE), R (Q, OUT_OF_DOMAIN, UNSEEN, 2, TRUE) } },
  { "xlogy", " Xlogy ", "tf.math.xlogy(x, y) = x·log(y), 0 where x = 0: −∞ for y = 0, NaN for y < 0",
    { R (INF, LOG_OF_ZERO, ZEROS, 1, TRUE), R (Q, LOG_OF_NEGATIVE, NEGATIVES, 1, TRUE) } },
  { "xlog1py", " Xlog1py ", "tf.math.xlog1py(x, y) = x·log1p(y): ±∞ for y = −1, NaN for y < −1",
    { R (INF, POLE, NEGATIVES, 1, TRUE), R (Q, OUT_OF_DOMAIN, NEGATIVES, 1, TRUE) } },
  { "xdivy", " Xdivy ", "tf.math.xdivy(x, y) = x/y, 0 where x = 0: ±∞ for y = 0",
    { R (INF, DIVISION_BY_ZERO, ZEROS, 1, TRUE) } },
  { "division", " Div RealDiv FloorDiv TruncateDiv ", "tf.math.divide: x/0 = ±∞, 0/0 = NaN",
    { R (ANY, DIVISION_BY_ZERO, ZEROS, 1, TRUE), OVERFLOWS } },
  { "division-no-nan", " DivNoNan MulNoNan ", "tf.math.divide_no_nan: 0 where y = 0; x/y can still overflow",
    { OVERFLOWS } },
  { "modulo", " FloorMod Mod TruncateMod ", "tf.math.floormod: x mod 0 = NaN",
    { R (Q, DIVISION_BY_ZERO, ZEROS, 1, TRUE) } },
  { "tan", " Tan ", "tf.math.tan: poles at π/2 + kπ (±∞ there)",
    { R (INF, POLE, UNSEEN, 0, FALSE) } },
  { "erfinv", " Erfinv ", "tf.math.erfinv: erfinv(±1) = ±∞, NaN for |x| > 1",
    { R (INF, POLE, UNSEEN, 0, TRUE), R (Q, OUT_OF_DOMAIN, UNSEEN, 0, TRUE) } },
  { "ndtri", " Ndtri ", "tf.math.ndtri, the inverse of the normal CDF: ndtri(0) = −∞, ndtri(1) = +∞, NaN outside [0, 1]",
    { R (N, POLE, ZEROS, 0, TRUE), R (P, POLE, UNSEEN, 0, TRUE), R (Q, OUT_OF_DOMAIN, NEGATIVES, 0, TRUE),
      R (Q, OUT_OF_DOMAIN, UNSEEN, 0, TRUE) } },
  { "bessel-y0", " BesselY0 ", "tf.math.special.bessel_y0: −∞ at 0, its pole, and (TensorFlow 2.21) for x < 0, outside "
    "its domain", { R (N, POLE, ZEROS, 0, FALSE), R (N, OUT_OF_DOMAIN, NEGATIVES, 0, FALSE) } },
  { "bessel-y1", " BesselY1 ", "tf.math.special.bessel_y1: NaN at 0, its pole (TensorFlow 2.21), −∞ for x < 0, outside "
    "its domain", { R (Q, POLE, ZEROS, 0, TRUE), R (N, OUT_OF_DOMAIN, NEGATIVES, 0, FALSE) } },
  { "bessel-k", " BesselK0 BesselK1 BesselK0e BesselK1e ", "tf.math.special.bessel_k0, bessel_k1 (and the scaled "
    "bessel_k0e, bessel_k1e): +∞ at 0, their pole, and (TensorFlow 2.21) for x < 0, outside their domain",
    { R (P, POLE, ZEROS, 0, FALSE), R (P, OUT_OF_DOMAIN, NEGATIVES, 0, FALSE) } },
  { "expint", " Expint ", "tf.math.special.expint, Ei(x): −∞ at 0, NaN for x < 0, +∞ past about 93 in float32",
    { R (N, POLE, ZEROS, 0, TRUE), R (Q, OUT_OF_DOMAIN, NEGATIVES, 0, TRUE), R (P, OVERFLOW, UNSEEN, -1, TRUE) } },
  { "zeta", " Zeta ", "tf.math.zeta(x, q), the Hurwitz zeta Σ (q + k)^−x: +∞ at x = 1 and at q = 0 (and some negative "
    "integers q), NaN for x < 1 and for most negative q (TensorFlow 2.21)",
    { R (P, POLE, ZEROS, 1, TRUE), R (P, POLE, UNSEEN, 0, TRUE), R (Q, OUT_OF_DOMAIN, NEGATIVES, 1, TRUE),
      R (Q, OUT_OF_DOMAIN, UNSEEN, 0, TRUE) } },

  /* ---- ops that overflow ---- */
  { "exponential", " Exp Expm1 Softplus Cosh Sinh ", "tf.math.exp: +∞ above log(max) of the type (88.7 in float32, "
    "11.1 in float16); +∞ from finite inputs is nothing but that", { R (P, OVERFLOW, UNSEEN, -1, TRUE) } },
  { "bessel-i", " BesselI0 BesselI1 ", "tf.math.special.bessel_i0, bessel_i1: grow as exp(|x|)/√(2π|x|), ±∞ "
    "above about 88 in float32 (bessel_i0e and bessel_i1e, scaled by exp(−|x|), do not)",
    { R (INF, OVERFLOW, UNSEEN, -1, TRUE) } },
  { "product", " Square Mul BiasAdd AddV2 Add Sub SquaredDifference Neg Abs Maximum Minimum ",
    "tf.math.multiply, tf.math.add, tf.math.square: ±∞ when the result passes the type's largest finite value",
    { OVERFLOWS } },
  { "matmul", " MatMul BatchMatMul BatchMatMulV2 BatchMatMulV3 Einsum SparseMatMul _FusedMatMul _FusedBatchMatMulV2 "
    "_MklFused* Conv* DepthwiseConv* _FusedConv2D _FusedConv3D _FusedDepthwiseConv2dNative ",
    "tf.linalg.matmul, tf.nn.conv2d: sums of products overflow to ±∞; partial sums at +∞ and −∞ give NaN",
    { OVERFLOWS, CANCELS } },
  { "sum", " Sum AddN Cumsum CumulativeLogsumexp ", "tf.math.reduce_sum, tf.math.cumsum: sums overflow to ±∞; "
    "partial sums at +∞ and −∞ give NaN", { OVERFLOWS, CANCELS } },
  { "prod", " Prod Cumprod ", "tf.math.reduce_prod, tf.math.cumprod: products overflow to ±∞",
    { OVERFLOWS } },
  { "cast", " Cast ", "tf.cast to a narrower float type: values past its largest finite value become ±∞",
    { OVERFLOWS } },

  /* ---- reductions over an empty axis ---- */
  { "mean", " Mean ", "tf.math.reduce_mean (and reduce_variance, reduce_std, which take means): "
    "the mean of no elements is 0/0 = NaN; the sum can overflow",
    { R (Q, EMPTY_REDUCTION, EMPTY, 0, TRUE), OVERFLOWS, CANCELS } },
  { "max-min", " Max Min ", "tf.math.reduce_max, tf.math.reduce_min: the maximum of no elements is −∞ and the minimum "
    "+∞, values no finite input gives them",
    { R (INF, EMPTY_REDUCTION, EMPTY, 0, TRUE) } },
  { "euclidean-norm", " EuclideanNorm ", "tf.math.reduce_euclidean_norm: the squares' sum overflows to +∞; the norm of nothing is 0, not NaN",
    { OVERFLOWS } },

  /* ---- gradient ops ---- */
  { "sqrt-grad", " SqrtGrad ", "SqrtGrad(y, dy) = dy / (2y): ±∞ (NaN where dy = 0) where y = sqrt(x) = 0, "
    "as tf.norm's gradient at a zero vector",
    { R (ANY, GRADIENT_AT_ZERO, ZEROS, 0, TRUE) } },
  { "rsqrt-grad", " RsqrtGrad ReciprocalGrad InvGrad ", "RsqrtGrad(y, dy) = −dy·y³/2, ReciprocalGrad(y, dy) = −dy·y²: "
    "overflow where x is near zero", { OVERFLOWS } },
  { "activation-grad", " TanhGrad SigmoidGrad EluGrad SeluGrad SoftsignGrad ", "TanhGrad(y, dy) = dy·(1 − y²), "
    "SigmoidGrad(y, dy) = dy·y·(1 − y): overflow of a large dy", { OVERFLOWS } },
  { "relu-grad", " ReluGrad Relu6Grad LeakyReluGrad SoftplusGrad ", "ReluGrad(dy, x) = dy where x > 0, "
    "SoftplusGrad(dy, x) = dy·sigmoid(x): finite from finite inputs", { { 0 } } },

  /* ---- nn ops ---- */
  { "softmax", " Softmax LogSoftmax SoftmaxCrossEntropyWithLogits ", "tf.nn.softmax, tf.nn.log_softmax, "
    "tf.nn.softmax_cross_entropy_with_logits: computed stably, finite from finite logits", { { 0 } } },
  { "sparse-softmax-cross-entropy", " SparseSoftmaxCrossEntropyWithLogits ",
    "tf.nn.sparse_softmax_cross_entropy_with_logits: NaN for a label outside [0, classes) on GPU (an error on CPU)",
    { R (Q, OUT_OF_DOMAIN, NEGATIVES, 1, TRUE), R (Q, OUT_OF_DOMAIN, UNSEEN, 1, TRUE) } },
  { "batch-norm", " FusedBatchNorm FusedBatchNormV2 FusedBatchNormV3 _FusedBatchNormEx ",
    "tf.nn.fused_batch_norm: (x − mean)·rsqrt(variance + ε): NaN for an empty batch (a mean of nothing) "
    "or a negative variance",
    { R (Q, EMPTY_REDUCTION, EMPTY, 0, TRUE), R (Q, SQRT_OF_NEGATIVE, NEGATIVES, 4, TRUE), OVERFLOWS } },
  { "batch-norm-grad", " FusedBatchNormGrad FusedBatchNormGradV2 FusedBatchNormGradV3 ",
    "FusedBatchNormGrad: means over the batch, NaN for an empty batch",
    { R (Q, EMPTY_REDUCTION, EMPTY, 1, TRUE), OVERFLOWS } },

  /* ---- linear algebra ---- */
  { "matrix-inverse", " MatrixInverse Cholesky MatrixSolve MatrixTriangularSolve CholeskyGrad ",
    "tf.linalg.inv, tf.linalg.cholesky, tf.linalg.solve: a singular (or not positive definite) matrix gives "
    "NaN/∞ where the kernel does not stop with an error", { R (ANY, SINGULAR_MATRIX, UNSEEN, 0, TRUE) } },
  { "determinant", " MatrixDeterminant ", "tf.linalg.det: the product of the pivots overflows to ±∞",
    { OVERFLOWS } },
  { "log-determinant", " LogMatrixDeterminant ", "tf.linalg.slogdet: log|det| = −∞ for a singular matrix",
    { R (N, SINGULAR_MATRIX, UNSEEN, 0, TRUE) } },
  { "decomposition", " Svd Qr SelfAdjointEigV2 Eig ", "tf.linalg.svd, tf.linalg.qr, tf.linalg.eigh: finite from "
    "finite inputs", { { 0 } } },

  /* ---- optimizer updates: m / (sqrt(v) + ε) is 0/0 where the gradient was 0 and ε = 0 ---- */
  { "adam", " ApplyAdam ResourceApplyAdam ", "tf.raw_ops.ResourceApplyAdam(var, m, v, β1^t, β2^t, lr, β1, β2, ε, grad): "
    "var −= lr·m/(sqrt(v) + ε)", { R (ANY, ZERO_EPSILON, ZEROS, 8, TRUE), OVERFLOWS } },
  { "adam-amsgrad", " ApplyAdamWithAmsgrad ResourceApplyAdamWithAmsgrad ", "ResourceApplyAdamWithAmsgrad: ε is input 9",
    { R (ANY, ZERO_EPSILON, ZEROS, 9, TRUE), OVERFLOWS } },
  { "adamax", " ApplyAdaMax ResourceApplyAdaMax ", "ResourceApplyAdaMax: var −= lr·m/(max(β2·v, |g|) + ε), ε input 7",
    { R (ANY, ZERO_EPSILON, ZEROS, 7, TRUE), OVERFLOWS } },
  { "rmsprop", " ApplyRMSProp ResourceApplyRMSProp ", "ResourceApplyRMSProp: mom = momentum·mom + lr·g/sqrt(ms + ε), "
    "ε input 6", { R (ANY, ZERO_EPSILON, ZEROS, 6, TRUE), OVERFLOWS } },
  { "centered-rmsprop", " ApplyCenteredRMSProp ResourceApplyCenteredRMSProp ", "ResourceApplyCenteredRMSProp: "
    "g/sqrt(ms − mg² + ε), ε input 7", { R (ANY, ZERO_EPSILON, ZEROS, 7, TRUE), OVERFLOWS } },
  { "adagrad", " ApplyAdagradV2 ResourceApplyAdagradV2 ", "ResourceApplyAdagradV2: var −= lr·g/(sqrt(accum) + ε), "
    "ε input 3", { R (ANY, ZERO_EPSILON, ZEROS, 3, TRUE), OVERFLOWS } },
  { "adadelta", " ApplyAdadelta ResourceApplyAdadelta ", "ResourceApplyAdadelta: sqrt(accum_update + ε)/sqrt(accum + ε), "
    "ε input 5", { R (ANY, ZERO_EPSILON, ZEROS, 5, TRUE), OVERFLOWS } },

  /* ---- ops that only move values: a NaN/∞ in the output came in with an input ---- */
  { "moves-values", " Identity Snapshot StopGradient PreventGradient EnsureShape Reshape Transpose Squeeze ExpandDims "
    "Slice StridedSlice GatherV2 GatherNd Tile BroadcastTo ReverseV2 Roll Pad MirrorPad DepthToSpace SpaceToDepth "
    "Unpack SplitV ",
    "tf.reshape, tf.transpose, tf.gather, tf.slice, tf.tile, tf.pad, tf.unstack, …: the output holds values of the "
    "first input (and zeros, for tf.pad) only", { R (ANY, NONFINITE_INPUT, UNSEEN, 0, TRUE) } },
  { "joins-values", " ConcatV2 Pack IdentityN Select SelectV2 ",
    "tf.concat, tf.stack, tf.where(c, x, y): the output holds values of the inputs only",
    { R (ANY, NONFINITE_INPUT, UNSEEN, -1, TRUE) } },

  /* ---- fused unary ops: the row of each op of the node's `op_names`, the first one deciding ---- */
  { "unary-composition", " _UnaryOpsComposition ", "_UnaryOpsComposition: the unary ops of its op_names "
    "attribute applied in turn", { { 0 } }, TRUE },
};

static gboolean
type_matches (const char *types, const char *op_type)
{
  gsize len = strlen (op_type);

  for (const char *p = types; *p; )
    {
      gsize n;
      p += strspn (p, " ");
      n = strcspn (p, " ");
      if (n == 0)
        break;
      if (p[n - 1] == '*' ? len >= n - 1 && strncmp (p, op_type, n - 1) == 0
                          : n == len && strncmp (p, op_type, n) == 0)
        return TRUE;
      p += n;
    }
  return FALSE;
}

const TdbgCauseRow *
tdbg_cause_catalogue_lookup (const char *op_type)
{
  if (op_type == NULL || *op_type == '\0')
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    if (type_matches (rows[i].op_types, op_type))
      return &rows[i];
  return NULL;
}

guint
tdbg_cause_catalogue_n_rows (void)
{
  return G_N_ELEMENTS (rows);
}

const TdbgCauseRow *
tdbg_cause_catalogue_row (guint index)
{
  return index < G_N_ELEMENTS (rows) ? &rows[index] : NULL;
}
