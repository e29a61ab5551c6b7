// clamp: oracle jax.lax.clamp
func.func @main() {
  %c1 = shlo.constant {value = dense<-36> : tensor<i8>} : () -> tensor<i8>
  %c2 = shlo.constant {value = dense<[-83, -47, -22, 43, 37, 81]> : tensor<6xi8>} : () -> tensor<6xi8>
  %c3 = shlo.constant {value = dense<-2> : tensor<i8>} : () -> tensor<i8>
  %v4 = "shlo.clamp"(%c1, %c2, %c3) : (tensor<i8>, tensor<6xi8>, tensor<i8>) -> tensor<6xi8>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-36, -36, -22, -2, -2, -2]> : tensor<6xi8>}} : (tensor<6xi8>) -> ()
  func.return
}
