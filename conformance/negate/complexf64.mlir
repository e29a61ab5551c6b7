// negate: oracle jax.lax (neg)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.63493696368750652, 3.864037304575064, -4.4030583941569548], [-0.91473353045732808, -2.4677907711823837, 1.1046040627487985]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[2.344278953960417, 0.65436525254810818, -2.5433792330194014], [0.13549056274778234, 0.8906155323176026, 2.5338084259983806]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %v4 = "shlo.negate"(%v3) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xcomplex<f64>>
  %v5 = "shlo.real"(%v4) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %v6 = "shlo.imag"(%v4) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.63493696368750652, -3.864037304575064, 4.4030583941569548], [0.91473353045732808, 2.4677907711823837, -1.1046040627487985]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-2.344278953960417, -0.65436525254810818, 2.5433792330194014], [-0.13549056274778234, -0.8906155323176026, -2.5338084259983806]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  func.return
}
