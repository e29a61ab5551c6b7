// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-3.22901964, -3.07064438, 3.03647375, -0.68849957, -3.70192695, 0.635823905]> : tensor<6xf32>} : () -> tensor<6xf32>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf32>) -> tensor<6xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-3.2290196418762207, -3.0706443786621094, 3.0364737510681152, -0.6884995698928833, -3.7019269466400146, 0.63582390546798706]> : tensor<6xf64>}} : (tensor<6xf64>) -> ()
  func.return
}
