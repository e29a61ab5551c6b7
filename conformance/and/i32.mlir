// and: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[699861773, 1791171557, -1541004171], [988318757, 860272497, 521195816]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %c2 = shlo.constant {value = dense<[[1871592829, 287548252, -671320532], [-1596208503, -1963591735, -1594563423]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %v3 = "shlo.and"(%c1, %c2) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[696649997, 197444, -2078006236], [550012929, 38057793, 1097760]]> : tensor<2x3xi32>}} : (tensor<2x3xi32>) -> ()
  func.return
}
