// compare: oracle jax.lax.eq
func.func @main() {
  %c1 = shlo.constant {value = dense<[4.00616503, -0.591734469, -3.27384806, 2.63767719, -0.732045948, 1.22408581]> : tensor<6xf32>} : () -> tensor<6xf32>
  %c2 = shlo.constant {value = dense<[0.053514313, 1.18789256, -1.49991643, -1.688730e+00, -6.73263454, 1.63665235]> : tensor<6xf32>} : () -> tensor<6xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xcomplex<f32>>
  %c4 = shlo.constant {value = dense<[1.39710176, -0.591734469, 1.44243896, 2.63767719, 2.43239164, 1.22408581]> : tensor<6xf32>} : () -> tensor<6xf32>
  %c5 = shlo.constant {value = dense<[-0.477155685, 1.18789256, -0.689159214, -1.688730e+00, -0.971453249, 1.63665235]> : tensor<6xf32>} : () -> tensor<6xf32>
  %v6 = "shlo.complex"(%c4, %c5) : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xcomplex<f32>>
  %v7 = "shlo.compare"(%v3, %v6) {comparison_direction = #shlo.comparison_direction<EQ>, compare_type = #shlo.comparison_type<FLOAT>} : (tensor<6xcomplex<f32>>, tensor<6xcomplex<f32>>) -> tensor<6xi1>
  "shlo.custom_call"(%v7) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[false, true, false, true, false, true]> : tensor<6xi1>}} : (tensor<6xi1>) -> ()
  func.return
}
