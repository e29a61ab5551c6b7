// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-0.013001039639559953, -0.06437803419648977, 1.8607093026790247, 0.15478969194371134, 0.70194325698561377, 1.253404835195848]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf64>) -> tensor<6xi16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 0, 1, 0, 0, 1]> : tensor<6xi16>}} : (tensor<6xi16>) -> ()
  func.return
}
