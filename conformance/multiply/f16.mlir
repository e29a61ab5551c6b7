// multiply: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.941410e+00, 2.880860e+00, 6.928710e-01], [4.886720e+00, -2.919920e+00, -9.858390e-01]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %c2 = shlo.constant {value = dense<[[4.960940e+00, 2.119140e+00, 4.287720e-02], [-5.058590e+00, 6.821290e-01, 3.520510e-01]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %v3 = "shlo.multiply"(%c1, %c2) : (tensor<2x3xf16>, tensor<2x3xf16>) -> tensor<2x3xf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[9.632810e+00, 6.105460e+00, 2.970890e-02], [-2.471880e+01, -1.992190e+00, -3.471680e-01]]> : tensor<2x3xf16>}} : (tensor<2x3xf16>) -> ()
  func.return
}
