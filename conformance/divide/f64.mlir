// divide: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[5.447424703397366, -4.0303551705180292, 1.1794899342558638], [0.54449822675629855, -0.86115041965011807, 1.0359169720738524]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[-6.1148057365849748, -2.0495207431506, 1.4041255496200422], [3.9283554508930774, -3.9803328893189827, -2.7532937979342282]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.divide"(%c1, %c2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.89085817899419795, 1.9664866452253693, 0.84001742905043997], [0.13860716871547651, 0.21635135643075751, -0.37624643358114984]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  func.return
}
