// multiply: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.58653092, 0.648604452, -1.07487595], [-1.91453123, 0.799803674, -0.888304531]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c2 = shlo.constant {value = dense<[[-0.280458868, 2.66481566, -1.68751454], [0.266426325, 0.759890854, 5.70496941]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v3 = "shlo.multiply"(%c1, %c2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.44495666, 1.72841132, 1.81386876], [-0.51008153, 0.607763469, -5.067750e+00]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  func.return
}
