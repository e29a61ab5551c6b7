// subtract: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[2.25617886, -1.812040e-02, 3.39560556], [0.871463358, -3.511720e-01, -0.418491423]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c2 = shlo.constant {value = dense<[[-4.11202145, -0.0992775037, -0.785243153], [0.626920402, 2.0642221, 1.42922223]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>
  %c4 = shlo.constant {value = dense<[[-0.848682403, 3.94270039, -0.204328582], [1.39416516, -1.07568955, -2.50845909]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c5 = shlo.constant {value = dense<[[2.11588955, 3.0769608, 0.119711079], [0.865086078, -0.1932154, 0.669596731]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v6 = "shlo.complex"(%c4, %c5) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>
  %v7 = "shlo.subtract"(%v3, %v6) : (tensor<2x3xcomplex<f32>>, tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  %v8 = "shlo.real"(%v7) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  %v9 = "shlo.imag"(%v7) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[3.10486126, -3.96082067, 3.5999341], [-0.5227018, 0.724517584, 2.08996773]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-6.227911, -3.1762383, -0.904954254], [-0.238165677, 2.25743747, 0.759625494]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  func.return
}
