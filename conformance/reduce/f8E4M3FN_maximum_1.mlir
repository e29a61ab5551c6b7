// reduce: oracle jax.lax.reduce (floating sums compared with tolerance: order is unspecified)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[5.625000e-01, -4.062500e-01, -2.812500e-01, -1.718750e-01], [7.500000e-01, 2.812500e-01, 6.250000e-01, -2.500000e-01], [6.250000e-01, 8.125000e-01, -6.875000e-01, 6.250000e-01]], [[-4.062500e-01, -6.250000e-01, 8.750000e-01, 4.062500e-01], [-4.375000e-01, 6.250000e-01, 2.812500e-01, -4.062500e-01], [-4.375000e-01, 7.500000e-01, -7.500000e-01, -6.250000e-01]]]> : tensor<2x3x4xf8E4M3FN>} : () -> tensor<2x3x4xf8E4M3FN>
  %c2 = shlo.constant {value = dense<0xFF> : tensor<f8E4M3FN>} : () -> tensor<f8E4M3FN>
  %v3 = "shlo.reduce"(%c1, %c2) ({
  ^bb0(%a0: tensor<f8E4M3FN>, %b0: tensor<f8E4M3FN>):
    %s0 = "shlo.maximum"(%a0, %b0) : (tensor<f8E4M3FN>, tensor<f8E4M3FN>) -> tensor<f8E4M3FN>
    "shlo.return"(%s0) : (tensor<f8E4M3FN>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>, dimensions = array<i64: 1>} : (tensor<2x3x4xf8E4M3FN>, tensor<f8E4M3FN>) -> tensor<2x4xf8E4M3FN>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<0x7F> : tensor<2x4xf8E4M3FN>}} : (tensor<2x4xf8E4M3FN>) -> ()
  func.return
}
