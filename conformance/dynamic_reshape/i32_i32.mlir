// dynamic_reshape: oracle jax.lax.reshape
func.func @main() {
  %c1 = shlo.constant {value = dense<[[996759987, -1232343074, -1448448855], [-730174431, 969995367, -1152412759]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %c2 = shlo.constant {value = dense<[3, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %v3 = "shlo.dynamic_reshape"(%c1, %c2) : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<3x2xi32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[996759987, -1232343074], [-1448448855, -730174431], [969995367, -1152412759]]> : tensor<3x2xi32>}} : (tensor<3x2xi32>) -> ()
  func.return
}
