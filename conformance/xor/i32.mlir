// xor: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1074459593, -454425585, -349260459], [1869994356, -2042889152, -102375030]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %c2 = shlo.constant {value = dense<[[-578447661, 1099407216, -720698625], [-1521846317, 990330806, 1033258736]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %v3 = "shlo.xor"(%c1, %c2) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1651546854, -1519543425, 1042659242], [-901796185, -1120091146, -999053446]]> : tensor<2x3xi32>}} : (tensor<2x3xi32>) -> ()
  func.return
}
