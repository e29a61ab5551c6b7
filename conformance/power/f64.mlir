// power: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[2.5096723316816467, 0.27990907879758758, 2.5290950462686248], [0.94849246023639, 1.4183771828861687, 2.8393579705493188]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[0.63224431459867414, -0.010833165168240289, -0.46918534247475696], [-0.35847331770075497, -0.14596934641771553, -0.39812597362539015]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.power"(%c1, %c2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.7891864094800234, 1.0138893386384566, 0.64704525638278221], [1.0191374016083132, 0.95026133668014068, 0.66002636925543945]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
