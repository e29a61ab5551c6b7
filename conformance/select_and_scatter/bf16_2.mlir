// select_and_scatter: oracle jax _select_and_scatter_add (the StableHLO select_and_scatter with GE/add)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-4.472660e-01, 6.796880e-01, 1.347660e-01, -3.886720e-01, -7.656250e-01, -1.108400e-01], [7.812500e-01, -4.472660e-01, -3.125000e-01, -8.105460e-02, 7.578130e-01, 5.820310e-01], [5.976560e-01, -6.250000e-01, 6.289060e-01, 7.568360e-02, -6.328130e-01, 2.031250e-01], [3.847660e-01, 5.898440e-01, -6.210940e-01, -9.375000e-02, -1.235350e-01, 1.484380e-01]]> : tensor<4x6xbf16>} : () -> tensor<4x6xbf16>
  %c2 = shlo.constant {value = dense<[[2.773440e-01, -3.613280e-01, -1.347660e-01], [-5.117190e-01, 2.453610e-02, -6.875000e-01]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %c3 = shlo.constant {value = dense<0.000000e+00> : tensor<bf16>} : () -> tensor<bf16>
  %v4 = "shlo.select_and_scatter"(%c1, %c2, %c3) ({
  ^bb0(%p: tensor<bf16>, %q: tensor<bf16>):
    %c = "shlo.compare"(%p, %q) {comparison_direction = #shlo.comparison_direction<GE>} : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
    "shlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a0: tensor<bf16>, %b0: tensor<bf16>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
    "shlo.return"(%s0) : (tensor<bf16>) -> ()
  }) {window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 2, 2>, padding = dense<1> : tensor<2x2xi64>} : (tensor<4x6xbf16>, tensor<2x3xbf16>, tensor<bf16>) -> tensor<4x6xbf16>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.000000e+00, -3.613280e-01, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00], [-2.343750e-01, 0.000000e+00, 0.000000e+00, 0.000000e+00, -8.203130e-01, 0.000000e+00], [0.000000e+00, 0.000000e+00, 2.453610e-02, 0.000000e+00, 0.000000e+00, 0.000000e+00], [0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00]]> : tensor<4x6xbf16>, rtol = 1.000e-02 : f64, atol = 1.000e-03 : f64}} : (tensor<4x6xbf16>) -> ()
  func.return
}
