// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-1.34015477, 3.13183045, -1.82350755, 2.49626088, -0.490501076, 4.09298706]> : tensor<6xf32>} : () -> tensor<6xf32>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf32>) -> tensor<6xi32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-1, 3, -1, 2, 0, 4]> : tensor<6xi32>}} : (tensor<6xi32>) -> ()
  func.return
}
