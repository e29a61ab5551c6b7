// optimization_barrier: oracle numpy: identity
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.738544166, -2.30064273, 0.484686047, -2.08518648]> : tensor<4xf32>} : () -> tensor<4xf32>
  %c2 = shlo.constant {value = dense<[2.18841314, -2.640710e-01, 1.71857738, -1.21785903]> : tensor<4xf32>} : () -> tensor<4xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xcomplex<f32>>
  %c4 = shlo.constant {value = dense<7> : tensor<i32>} : () -> tensor<i32>
  %v5:2 = "shlo.optimization_barrier"(%v3, %c4) : (tensor<4xcomplex<f32>>, tensor<i32>) -> (tensor<4xcomplex<f32>>, tensor<i32>)
  %v6 = "shlo.real"(%v5#0) : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  %v7 = "shlo.imag"(%v5#0) : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.738544166, -2.30064273, 0.484686047, -2.08518648]> : tensor<4xf32>}} : (tensor<4xf32>) -> ()
  "shlo.custom_call"(%v7) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[2.18841314, -2.640710e-01, 1.71857738, -1.21785903]> : tensor<4xf32>}} : (tensor<4xf32>) -> ()
  "shlo.custom_call"(%v5#1) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<7> : tensor<i32>}} : (tensor<i32>) -> ()
  func.return
}
