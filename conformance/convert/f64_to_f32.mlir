// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[1.9791690308862764, 1.7184177940214129, 2.4269798907229041, -0.88093596749686087, 4.0292297815636235, 0.34386510748364318]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf64>) -> tensor<6xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[1.97916901, 1.71841776, 2.42697978, -0.880935966, 4.02922964, 0.343865097]> : tensor<6xf32>}} : (tensor<6xf32>) -> ()
  func.return
}
