// sort: oracle jax.lax.sort(num_keys=1, stable)
func.func @main() {
  %c1 = shlo.constant {value = dense<[2, 1, 2, 2, 2, 2, 1, 2]> : tensor<8xui8>} : () -> tensor<8xui8>
  %c2 = shlo.constant {value = dense<[-0.138731495, -0.171659485, -1.32357514, -0.565074146, 2.40181279, -1.83820462, -3.04526663, -2.90954638]> : tensor<8xf32>} : () -> tensor<8xf32>
  %c3 = shlo.constant {value = dense<[1.66555715, -2.5756166, 2.66490555, -1.35519958, -2.08047533, -1.23535573, -3.708590e+00, -1.55819762]> : tensor<8xf32>} : () -> tensor<8xf32>
  %v4 = "shlo.complex"(%c2, %c3) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xcomplex<f32>>
  %v5:2 = "shlo.sort"(%c1, %v4) ({
  ^bb0(%k0: tensor<ui8>, %k1: tensor<ui8>, %v0: tensor<complex<f32>>, %v1: tensor<complex<f32>>):
    %c = "shlo.compare"(%k0, %k1) {comparison_direction = #shlo.comparison_direction<LT>, compare_type = #shlo.comparison_type<UNSIGNED>} : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
    "shlo.return"(%c) : (tensor<i1>) -> ()
  }) {dimension = 0 : i64, is_stable = true} : (tensor<8xui8>, tensor<8xcomplex<f32>>) -> (tensor<8xui8>, tensor<8xcomplex<f32>>)
  "shlo.custom_call"(%v5#0) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[1, 1, 2, 2, 2, 2, 2, 2]> : tensor<8xui8>}} : (tensor<8xui8>) -> ()
  %v6 = "shlo.real"(%v5#1) : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
  %v7 = "shlo.imag"(%v5#1) : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-0.171659485, -3.04526663, -0.138731495, -1.32357514, -0.565074146, 2.40181279, -1.83820462, -2.90954638]> : tensor<8xf32>}} : (tensor<8xf32>) -> ()
  "shlo.custom_call"(%v7) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-2.5756166, -3.708590e+00, 1.66555715, 2.66490555, -1.35519958, -2.08047533, -1.23535573, -1.55819762]> : tensor<8xf32>}} : (tensor<8xf32>) -> ()
  func.return
}
