// shift_right_logical: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3429138473, 2059348066, 2511068343], [79630797, 1363961248, 3980702420]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %c2 = shlo.constant {value = dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %v3 = "shlo.shift_right_logical"(%c1, %c2) : (tensor<2x3xui32>, tensor<2x3xui32>) -> tensor<2x3xui32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[3429138473, 1029674033, 627767085], [9953849, 85247578, 124396950]]> : tensor<2x3xui32>}} : (tensor<2x3xui32>) -> ()
  func.return
}
