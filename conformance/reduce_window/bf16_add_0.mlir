// reduce_window: oracle jax.lax.reduce_window
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1.458740e-02, -1.542970e-01, -5.273440e-02, 8.867180e-01, -7.226560e-01], [-2.917480e-02, 8.906250e-01, -7.031250e-01, -1.367190e-01, -2.099610e-01], [1.422120e-02, -6.679690e-01, -5.585940e-01, -3.847660e-01, 1.806640e-01], [-6.347650e-02, -7.578130e-01, -6.250000e-01, 6.132810e-01, 3.632810e-01]]> : tensor<4x5xbf16>} : () -> tensor<4x5xbf16>
  %c2 = shlo.constant {value = dense<0.000000e+00> : tensor<bf16>} : () -> tensor<bf16>
  %v3 = "shlo.reduce_window"(%c1, %c2) ({
  ^bb0(%a0: tensor<bf16>, %b0: tensor<bf16>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
    "shlo.return"(%s0) : (tensor<bf16>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>, window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1, 1>, base_dilations = array<i64: 1, 1>, window_dilations = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>} : (tensor<4x5xbf16>, tensor<bf16>) -> tensor<3x4xbf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[6.914060e-01, -1.953130e-02, -3.906250e-03, -1.826170e-01], [2.109380e-01, -1.039060e+00, -1.781250e+00, -5.546880e-01], [-1.468750e+00, -2.609380e+00, -9.570310e-01, 7.734380e-01]]> : tensor<3x4xbf16>, rtol = 3.000e-02 : f64, atol = 3.000e-02 : f64}} : (tensor<3x4xbf16>) -> ()
  func.return
}
