// concatenate: oracle jax.lax.concatenate
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[-14], [-86], [-109]], [[120], [-61], [-92]]]> : tensor<2x3x1xi8>} : () -> tensor<2x3x1xi8>
  %c2 = shlo.constant {value = dense<[[[-82, 104], [-41, 27], [101, -14]], [[-69, -14], [-17, 89], [-34, -114]]]> : tensor<2x3x2xi8>} : () -> tensor<2x3x2xi8>
  %c3 = shlo.constant {value = dense<[[[40, 44, -113], [16, -8, 97], [-118, -52, -32]], [[-13, 11, -94], [-37, 73, 85], [-18, -73, -80]]]> : tensor<2x3x3xi8>} : () -> tensor<2x3x3xi8>
  %v4 = "shlo.concatenate"(%c1, %c2, %c3) {dimension = 2 : i64} : (tensor<2x3x1xi8>, tensor<2x3x2xi8>, tensor<2x3x3xi8>) -> tensor<2x3x6xi8>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[-14, -82, 104, 40, 44, -113], [-86, -41, 27, 16, -8, 97], [-109, 101, -14, -118, -52, -32]], [[120, -69, -14, -13, 11, -94], [-61, -17, 89, -37, 73, 85], [-92, -34, -114, -18, -73, -80]]]> : tensor<2x3x6xi8>}} : (tensor<2x3x6xi8>) -> ()
  func.return
}
