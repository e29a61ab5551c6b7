// add: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-4478098289608482248, 7644300192102884082, -981941692116398546], [-1441148520107348644, 418817711851549238, -7636310405476393447]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %c2 = shlo.constant {value = dense<[[-1361608651838052884, -5127686683393301136, 3431812839891624812], [290531233037117693, 4691187001835906936, -5742985073255392066]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %v3 = "shlo.add"(%c1, %c2) : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3xi64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-5839706941446535132, 2516613508709582946, 2449871147775226266], [-1150617287070230951, 5110004713687456174, 5067448594977766103]]> : tensor<2x3xi64>}} : (tensor<2x3xi64>) -> ()
  func.return
}
