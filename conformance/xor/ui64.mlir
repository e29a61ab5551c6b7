// xor: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[16378990968218784259, 15452589705378520947, 12979578027981765467], [13479711662434988742, 12651096328931817954, 3957751606370392886]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %c2 = shlo.constant {value = dense<[[4228340460135192972, 12685114092483881174, 4790689365211024520], [17890056292228189929, 17345592934132976716, 12608017452810135329]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %v3 = "shlo.xor"(%c1, %c2) : (tensor<2x3xui64>, tensor<2x3xui64>) -> tensor<2x3xui64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[15700613450281913231, 7383709286611580837, 17751865828614371283], [4852542008262163503, 6856261810278839726, 10958505904896228375]]> : tensor<2x3xui64>}} : (tensor<2x3xui64>) -> ()
  func.return
}
