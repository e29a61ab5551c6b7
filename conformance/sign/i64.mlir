// sign: oracle jax.lax (sign)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[2612265539584737583, -3043391742842661136, 6588495322428268912], [4472007872846665372, -3587329347966434113, -7023492064450580748]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %v2 = "shlo.sign"(%c1) : (tensor<2x3xi64>) -> tensor<2x3xi64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1, -1, 1], [1, -1, -1]]> : tensor<2x3xi64>}} : (tensor<2x3xi64>) -> ()
  func.return
}
