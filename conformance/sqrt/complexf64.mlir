// sqrt: oracle jax.lax (sqrt)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.823452843952301, -1.2498136669026454, -0.5888420132162735], [-1.6849250434162948, -1.2390908244370589, 0.27788320491025292]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[-2.3777804856052414, -4.1375803430926243, -0.35989742254289225], [2.413236668526801, 2.9476783736774936, -0.64404620150918235]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %v4 = "shlo.sqrt"(%v3) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xcomplex<f64>>
  %v5 = "shlo.real"(%v4) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %v6 = "shlo.imag"(%v4) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.2922427089394073, 1.239437089343028, 0.22502743747546047], [0.79319565077588461, 0.9895534999407064, 0.69975735735403488]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.92002085566293357, -1.6691368923314118, -0.79967453431570878], [1.5212114855686814, 1.4893981850673648, -0.46019251869282879]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
