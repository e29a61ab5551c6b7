// cosine: oracle jax.lax (cos)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[4.6143678538169794, -1.5790353171412312, -1.7943217726653011], [0.16309218454777033, 2.9867062707417196, -3.8318490036348285]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v2 = "shlo.cosine"(%c1) : (tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.097864235153440393, -0.0082388971348859863, -0.22166873342540896], [0.98672992312898843, -0.9880290646243478, -0.77108281332221551]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
