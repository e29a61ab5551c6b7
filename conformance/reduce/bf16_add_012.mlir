// reduce: oracle jax.lax.reduce (floating sums compared with tolerance: order is unspecified)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[-0.000000e+00, -7.070310e-01, 8.242180e-01, 2.324220e-01], [8.984370e-01, -2.655030e-03, 6.835930e-01, -4.760740e-03], [6.718750e-01, 7.382810e-01, -4.296880e-01, 3.398440e-01]], [[-2.656250e-01, 6.875000e-01, -4.101560e-01, -2.343750e-01], [-2.233890e-02, 8.750000e-01, 4.486080e-03, -6.718750e-01], [-4.257810e-01, -1.005860e-01, 9.082030e-02, 8.125000e-01]]]> : tensor<2x3x4xbf16>} : () -> tensor<2x3x4xbf16>
  %c2 = shlo.constant {value = dense<0.000000e+00> : tensor<bf16>} : () -> tensor<bf16>
  %v3 = "shlo.reduce"(%c1, %c2) ({
  ^bb0(%a0: tensor<bf16>, %b0: tensor<bf16>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
    "shlo.return"(%s0) : (tensor<bf16>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>, dimensions = array<i64: 0, 1, 2>} : (tensor<2x3x4xbf16>, tensor<bf16>) -> tensor<bf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<3.609380e+00> : tensor<bf16>, rtol = 3.000e-02 : f64, atol = 3.000e-02 : f64}} : (tensor<bf16>) -> ()
  func.return
}
