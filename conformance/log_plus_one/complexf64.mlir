// log_plus_one: oracle jax.lax (log1p)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-3.175758984176329, 4.751836179377011, -0.032879194884487442], [-4.4653666752319943, -0.16006990501865362, -0.18562157223378342]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[2.3068050002954652, 1.9240727850977286, -1.7752500888411888], [-0.23940725798220011, 0.81798647518537781, 1.8613743471505177]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %v4 = "shlo.log_plus_one"(%v3) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xcomplex<f64>>
  %v5 = "shlo.real"(%v4) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %v6 = "shlo.imag"(%v4) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.1540487591414701, 1.8025542585670842, 0.7038854807237227], [1.245199189176539, 0.15907572927996547, 0.7088876336620521]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2.3269682031089496, 0.32281325581331627, -1.0719695983312061], [-3.0726165584756964, 0.77216327634421411, 1.1583736421901236]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
