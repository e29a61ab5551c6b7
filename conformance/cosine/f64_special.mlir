// cosine: oracle jax.lax (cos)
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e+00, -2.500000e+00, 1.7976931348623157E+308, -1.7976931348623157E+308, 1.500000e+00, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 3.000000e+00, -3.000000e+00]> : tensor<16xf64>} : () -> tensor<16xf64>
  %v2 = "shlo.cosine"(%c1) : (tensor<16xf64>) -> tensor<16xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[1.000000e+00, 1.000000e+00, 0.54030230586813977, 0.54030230586813977, 0.87758256189037276, 0.87758256189037276, -0.8011436155469337, -0.8011436155469337, -0.99998768942655991, -0.99998768942655991, 0.070737201667702906, 0xFFF8000000000000, 0xFFF8000000000000, 0x7FF8000000000000, -0.98999249660044542, -0.98999249660044542]> : tensor<16xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<16xf64>) -> ()
  func.return
}
