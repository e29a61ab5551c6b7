// abs: oracle jax.lax (abs)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1.4928614565624303, 0.9313031623209449, -4.1505522961092547], [-0.48172385964797804, -0.49603898201743957, -4.7085913919278921]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[0.97533325872647858, 1.5838727212985388, 3.4162370221167184], [-3.535070661706941, 2.4420329812745041, -0.5874173944163652]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %v4 = "shlo.abs"(%v3) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.7832302975408738, 1.8373835683989967, 5.3756636570770224], [3.5677419273561948, 2.4919028378557102, 4.7450913680771576]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
