// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-3.4101645983188078, -0.42547109061652522, -2.1278798125129605, -1.3640940055810902, 2.654778698888153, -0.4941163793268013]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf64>) -> tensor<6xi1>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[true, true, true, true, true, true]> : tensor<6xi1>}} : (tensor<6xi1>) -> ()
  func.return
}
