// cosine: oracle jax.lax (cos)
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e+00, -2.500000e+00, 3.40282347E+38, -3.40282347E+38, 1.500000e+00, 0x7F800000, 0xFF800000, 0x7FC00000, 3.000000e+00, -3.000000e+00]> : tensor<16xf32>} : () -> tensor<16xf32>
  %v2 = "shlo.cosine"(%c1) : (tensor<16xf32>) -> tensor<16xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[1.000000e+00, 1.000000e+00, 0.540302277, 0.540302277, 0.87758255, 0.87758255, -0.801143586, -0.801143586, 8.530210e-01, 8.530210e-01, 7.073720e-02, 0xFFC00000, 0xFFC00000, 0x7FC00000, -0.989992499, -0.989992499]> : tensor<16xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<16xf32>) -> ()
  func.return
}
