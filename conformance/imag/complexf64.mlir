// imag: oracle jax.lax.imag
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.8095528625396307, 5.7062146723047826, 2.7338467786415008], [1.0520901891960788, -3.1463207008105374, 0.093262963350536812]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[-0.15976165645368584, 1.3971544067186095, -0.20361971715537], [-1.1561176357632297, 0.23760952621388992, -1.1824103475622467]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %v4 = "shlo.imag"(%v3) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.15976165645368584, 1.3971544067186095, -0.20361971715537], [-1.1561176357632297, 0.23760952621388992, -1.1824103475622467]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  func.return
}
