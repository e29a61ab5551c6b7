// reduce: oracle jax.lax.reduce (floating sums compared with tolerance: order is unspecified)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[-0.000000e+00, 4.042970e-01, 3.994140e-01, 7.294920e-01], [-4.262700e-01, 2.067870e-01, 3.315430e-01, 3.361820e-01], [7.464600e-02, -6.927490e-02, 2.690430e-01, -8.071280e-01]], [[1.968380e-02, 6.298830e-01, -3.525390e-01, -1.224370e-01], [8.642570e-01, 4.968260e-01, -2.993160e-01, -2.573240e-01], [1.989750e-01, 7.519530e-01, 7.343750e-01, -4.118650e-01]]]> : tensor<2x3x4xf16>} : () -> tensor<2x3x4xf16>
  %c2 = shlo.constant {value = dense<0x7C00> : tensor<f16>} : () -> tensor<f16>
  %v3 = "shlo.reduce"(%c1, %c2) ({
  ^bb0(%a0: tensor<f16>, %b0: tensor<f16>):
    %s0 = "shlo.minimum"(%a0, %b0) : (tensor<f16>, tensor<f16>) -> tensor<f16>
    "shlo.return"(%s0) : (tensor<f16>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>, dimensions = array<i64: 0, 2>} : (tensor<2x3x4xf16>, tensor<f16>) -> tensor<3xf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-3.525390e-01, -4.262700e-01, -8.071280e-01]> : tensor<3xf16>}} : (tensor<3xf16>) -> ()
  func.return
}
